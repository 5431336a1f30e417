// The suite's agreement statistics: the method's sentence from live data, each count
// linking to the rows behind it, and κ with its 95% interval per family and for the suite.
import Link from "next/link";
import type { TAgreementSummary, TKappa, TRevisionAgreement } from "@/lib/review/agreement";

type TFamily = { id: string; title: string; summary: TAgreementSummary; rows: Omit<TRevisionAgreement, "decisions">[] };

const kappaText = (k: TKappa) => (k.kappa === null ? `undefined (n = ${k.n})` : `${k.kappa.toFixed(3)} [95% CI ${k.low!.toFixed(3)}, ${k.high!.toFixed(3)}] (n = ${k.n})`);

export function SuiteAgreement({ name, summary, families }: { name: string; summary: TAgreementSummary; families: TFamily[] }) {
  const amb = summary.unresolvedAmbiguities;
  return (
    <div data-testid="suite-agreement">
      <h1>Agreement — {name}</h1>
      <p data-testid="suite-sentence">
        Both reviewers exactly match the gold final set on <a href="#gold">{summary.bothMatchGold}/{summary.histories}</a> histories, agree on{" "}
        <a href="#operations">{summary.operationsAgreed}/{summary.operations}</a> encoded operations, and report{" "}
        <a href="#ambiguities">{amb === 0 ? "no unresolved ambiguity" : `${amb} unresolved ${amb === 1 ? "ambiguity" : "ambiguities"}`}</a>.
      </p>
      <p>Cohen&apos;s κ over (history, catalog entry) in/out decisions: {kappaText(summary.kappa)}</p>
      <table>
        <thead><tr><th>Family</th><th>Both match gold</th><th>Operations agreed</th><th>κ</th><th>Unresolved ambiguities</th></tr></thead>
        <tbody>
          {families.map((f) => (
            <tr key={f.id}>
              <td><Link href={`/console/adjudication/${f.id}`}>{f.title}</Link></td>
              <td>{f.summary.bothMatchGold}/{f.summary.histories}</td>
              <td>{f.summary.operationsAgreed}/{f.summary.operations}</td>
              <td>{kappaText(f.summary.kappa)}</td>
              <td>{f.summary.unresolvedAmbiguities}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 id="gold">Histories against gold</h2>
      <table>
        <thead><tr><th>Family</th><th>History</th><th>Reviewers vs gold</th></tr></thead>
        <tbody>
          {families.flatMap((f) => f.rows.filter((r) => r.complete).map((r) => (
            <tr key={r.revisionId} data-testid="gold-row">
              <td>{f.title}</td><td>{r.label}</td>
              <td>{r.vsGold.map((v) => (v.matches ? "match" : `misses ${v.missing.join(", ") || "—"} / adds ${v.extra.join(", ") || "—"}`)).join(" · ")}</td>
            </tr>
          )))}
        </tbody>
      </table>
      <h2 id="operations">Encoded operations</h2>
      <table>
        <thead><tr><th>Family</th><th>History</th><th>Agreed</th><th>Disagreed</th></tr></thead>
        <tbody>
          {families.flatMap((f) => f.rows.filter((r) => r.complete).map((r) => (
            <tr key={r.revisionId}>
              <td>{f.title}</td><td>{r.label}</td><td>{r.operationsAgreed}/{r.operations.length}</td>
              <td>{r.operations.filter((o) => !o.agreed).map((o) => `message ${o.turn} ${o.kind} ${o.key} (${o.byA ? "A" : "B"} only)`).join("; ") || "—"}</td>
            </tr>
          )))}
        </tbody>
      </table>
      <h2 id="ambiguities">Unresolved ambiguities</h2>
      <ul>
        {families.flatMap((f) => f.rows.filter((r) => r.unresolvedAmbiguities > 0).map((r) => (
          <li key={r.revisionId}>{f.title}, {r.label}: {r.ambiguous.map((a) => a.note ?? "no note").join(" · ")}</li>
        )))}
      </ul>
    </div>
  );
}
