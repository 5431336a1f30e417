"use client";
import { queryKeys } from "@/components/query-keys";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TPackageChange } from "@/lib/package/diff";

type TDiff = { from: { hash: string; version: number }; to: { hash: string; version: number }; changes: TPackageChange[] };

const SECTIONS: { key: TPackageChange["section"]; label: string }[] = [
  { key: "provenance", label: "Provenance" }, { key: "atoms", label: "Atoms" }, { key: "candidates", label: "Rejected and merged candidates" },
  { key: "verifier", label: "Verifier" }, { key: "guards", label: "Guard tests" }, { key: "protocol", label: "Protocol" },
  { key: "patches", label: "Patches" }, { key: "histories", label: "Histories" }, { key: "waivers", label: "Waivers" },
  { key: "defaults", label: "Lead and default reviewers" },
];
/** A section with more rows than this (a real suite's guards) starts folded. */
const FOLD_OVER = 40;

/**
 * Field-by-field changes between two frozen versions, by section: atoms, histories turn by turn,
 * verifier, guard tests one by one, patches — and what a version carries beside its package:
 * leak-lint and oracle waivers, the lead and the default reviewers.
 */
export function VersionDiff({ from, to }: { from: string; to: string }) {
  const diff = useQuery({ queryKey: queryKeys.packageDiff(from, to), queryFn: () => api<TDiff>(`/api/packages/diff?from=${from}&to=${to}`) });
  if (diff.error) return <p className="error">{diff.error.message}</p>;
  if (!diff.data) return null;
  const { changes } = diff.data;
  const groups = SECTIONS.map((s) => ({ ...s, rows: changes.filter((c) => c.section === s.key) })).filter((g) => g.rows.length > 0);
  return (
    <section className="panel" aria-label="Changes from the previous version">
      <h2 style={{ marginTop: 0 }}>Version {diff.data.from.version} → {diff.data.to.version}: {changes.length} change{changes.length === 1 ? "" : "s"}</h2>
      {groups.length > 0 && <p className="muted" data-testid="version-diff-summary">{groups.map((g) => `${g.label}: ${g.rows.length}`).join(" · ")}</p>}
      <table data-testid="version-diff">
        <thead><tr><th>Section</th><th>Where</th><th>Before</th><th>After</th></tr></thead>
        {groups.map((g) => <SectionRows key={g.key} label={g.label} section={g.key} rows={g.rows} />)}
      </table>
    </section>
  );
}

function SectionRows({ label, section, rows }: { label: string; section: string; rows: TPackageChange[] }) {
  const folded = rows.length > FOLD_OVER;
  const shown = folded ? rows.slice(0, FOLD_OVER) : rows;
  return (
    <tbody data-section={section}>
      {shown.map((c, i) => (
        <tr key={i} data-change={c.kind}>
          <td>{label}</td>
          <td className="mono">{c.path} <span className="muted">({c.kind})</span></td>
          <td><pre className="mono" style={{ whiteSpace: "pre-wrap", maxHeight: 160, overflow: "auto" }}>{c.before ?? "—"}</pre></td>
          <td><pre className="mono" style={{ whiteSpace: "pre-wrap", maxHeight: 160, overflow: "auto" }}>{c.after ?? "—"}</pre></td>
        </tr>
      ))}
      {folded && (
        <tr><td colSpan={4} className="muted">
          and {rows.length - FOLD_OVER} more ({rows.filter((r) => r.kind === "added").length} added, {rows.filter((r) => r.kind === "removed").length} removed in all)
        </td></tr>
      )}
    </tbody>
  );
}
