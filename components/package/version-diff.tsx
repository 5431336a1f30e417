"use client";
import { queryKeys } from "@/components/query-keys";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TPackageChange } from "@/lib/package/diff";

type TDiff = { from: { hash: string; version: number }; to: { hash: string; version: number }; changes: TPackageChange[] };

/** Field-by-field changes between two frozen versions: atoms, histories turn by turn, verifier, patches. */
export function VersionDiff({ from, to }: { from: string; to: string }) {
  const diff = useQuery({ queryKey: queryKeys.packageDiff(from, to), queryFn: () => api<TDiff>(`/api/packages/diff?from=${from}&to=${to}`) });
  if (diff.error) return <p className="error">{diff.error.message}</p>;
  if (!diff.data) return null;
  const { changes } = diff.data;
  return (
    <section className="panel" aria-label="Changes from the previous version">
      <h2 style={{ marginTop: 0 }}>Version {diff.data.from.version} → {diff.data.to.version}: {changes.length} change{changes.length === 1 ? "" : "s"}</h2>
      <table data-testid="version-diff">
        <thead><tr><th>Section</th><th>Where</th><th>Before</th><th>After</th></tr></thead>
        <tbody>
          {changes.map((c, i) => (
            <tr key={i} data-change={c.kind}>
              <td>{c.section}</td>
              <td className="mono">{c.path} <span className="muted">({c.kind})</span></td>
              <td><pre className="mono" style={{ whiteSpace: "pre-wrap", maxHeight: 160, overflow: "auto" }}>{c.before ?? "—"}</pre></td>
              <td><pre className="mono" style={{ whiteSpace: "pre-wrap", maxHeight: 160, overflow: "auto" }}>{c.after ?? "—"}</pre></td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
