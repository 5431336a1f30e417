"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import { CONTROL_CONDITIONS, CORE_CONDITIONS } from "@/lib/contract/types";
import { OPERATORS, percent, type TAnalysis } from "@/lib/evaluation/analysis";
import type { TInterval } from "@/lib/evaluation/bootstrap";
import { Raster } from "./raster";
import { UploadResults } from "./upload-results";
import { refreshQueries } from "@/components/ui/refresh-queries";

type Report = {
  evaluation: { id: string; name: string; packageHashes: string[] };
  progress: { attempts: number; gradeRuns: number; finished: number; active: number };
  analysis: TAnalysis;
};

const ci = (i: TInterval) => (Number.isFinite(i.estimate) ? `${percent(i.estimate)} (${percent(i.low)}–${percent(i.high)})` : "—");
const pp = (i: TInterval) => (Number.isFinite(i.estimate) ? `${i.estimate >= 0 ? "+" : ""}${i.estimate.toFixed(1)} pp (${i.low.toFixed(1)} to ${i.high.toFixed(1)})` : "—");

export function EvaluationReport({ evaluationId, canEdit }: { evaluationId: string; canEdit: boolean }) {
  const client = useQueryClient();
  const report = useQuery({
    queryKey: queryKeys.evaluation(evaluationId),
    queryFn: () => api<Report>(`/api/evaluations/${evaluationId}`),
    refetchInterval: (q) => ((q.state.data?.progress.active ?? 0) > 0 ? 1000 : false),
  });
  const regrade = useMutation({
    mutationFn: () => api(`/api/evaluations/${evaluationId}/grade`, { method: "POST" }),
    onSettled: () => void refreshQueries(client, { queryKey: queryKeys.evaluation(evaluationId) }),
  });
  if (report.error) return <p className="error">{report.error.message}</p>;
  if (!report.data) return <p className="muted">Loading…</p>;
  const { evaluation, progress, analysis: a } = report.data;
  return (
    <>
      <h1>{evaluation.name}</h1>
      <p className="muted">Suite version: <span className="mono">{evaluation.packageHashes.map((h) => h.slice(0, 16)).join(", ")}</span></p>
      {canEdit && <UploadResults evaluationId={evaluationId} />}
      <section className="panel">
        <h2>Grading</h2>
        {/* Nothing to grade is not "done": no bar until there is a grade run. */}
        {progress.gradeRuns > 0 && <progress max={progress.gradeRuns} value={progress.finished} aria-label="Grading progress" style={{ width: "100%" }} />}
        <p data-testid="grading-progress">
          {progress.gradeRuns === 0
            ? `Nothing graded yet (${progress.attempts} attempts): upload agent results, then grade them.`
            : `${progress.finished} of ${progress.gradeRuns} grade runs finished (${progress.attempts} attempts)${progress.active > 0 ? " — grading…" : ""}`}
        </p>
        {canEdit && <button type="button" onClick={() => regrade.mutate()} disabled={regrade.isPending}>Grade new attempts</button>}
        <p>
          <a href={`/api/evaluations/${evaluationId}/export?format=csv`}>Download rows (CSV)</a> · <a href={`/api/evaluations/${evaluationId}/export?format=json`}>Download report (JSON)</a>
        </p>
      </section>
      <section className="panel">
        <h2>Summary</h2>
        <p data-testid="evaluation-summary">{a.summary}</p>
        <p className="muted">Rows: {a.rows.planned} scheduled · {a.rows.scored} scored ({a.rows.successes} successes, {a.rows.failures} agent failures) · {a.rows.excluded} external invalid · {a.rows.pending} awaiting a grade.</p>
      </section>
      <section className="panel">
        <h2>Final-contract realization (task-macro, 95% CI over families)</h2>
        <table>
          <thead><tr><th>Condition</th><th>FCR</th><th>Scored support</th><th>Successes</th></tr></thead>
          <tbody>
            {[...CORE_CONDITIONS, ...CONTROL_CONDITIONS].map((c) => (
              <tr key={c}><td>{c}</td><td>{ci(a.fcr[c].macro)}</td><td>{a.fcr[c].support}</td><td>{a.fcr[c].successes}</td></tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel">
        <h2>Contract-path violations (conditional on direct success)</h2>
        <p>Complete blocks: {a.blocks.complete} of {a.blocks.possible} · direct succeeds in {a.blocks.directSuccess}</p>
        <table>
          <thead><tr><th>Operator</th><th>CPV (task-macro)</th><th>Positive / eligible</th></tr></thead>
          <tbody>
            <tr><td><strong>any</strong></td><td>{ci(a.anyCpv.macro)}</td><td>{a.anyCpv.positive} / {a.anyCpv.eligible}</td></tr>
            {OPERATORS.map((op) => <tr key={op}><td>{op}</td><td>{ci(a.cpvByOperator[op].macro)}</td><td>{a.cpvByOperator[op].positive} / {a.cpvByOperator[op].eligible}</td></tr>)}
          </tbody>
        </table>
        <h3>By family</h3>
        <table>
          <thead><tr><th>Family</th><th>Positive / eligible</th><th>Rate</th></tr></thead>
          <tbody>{a.anyCpv.perFamily.map((f) => <tr key={f.family}><td>{f.family}</td><td>{f.positive} / {f.eligible}</td><td>{percent(f.rate)}</td></tr>)}</tbody>
        </table>
        <h3>By configuration</h3>
        <table>
          <thead><tr><th>Configuration</th><th>Direct FCR</th><th>Complete blocks</th><th>Any-CPV</th><th>Positive / eligible</th></tr></thead>
          <tbody>
            {a.byConfiguration.map((c) => (
              <tr key={c.configuration}><td>{c.configuration}</td><td>{percent(c.fcr.direct.macro.estimate)}</td><td>{c.completeBlocks}</td><td>{ci(c.anyCpv.macro)}</td><td>{c.anyCpv.positive} / {c.anyCpv.eligible}</td></tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="panel">
        <h2>Controls (paired FCR difference against direct)</h2>
        <table>
          <thead><tr><th>Control</th><th>Difference</th><th>Pairs</th></tr></thead>
          <tbody>{CONTROL_CONDITIONS.map((c) => <tr key={c}><td>{c}</td><td>{pp(a.controls[c].differencePp)}</td><td>{a.controls[c].pairs}</td></tr>)}</tbody>
        </table>
      </section>
      <section className="panel">
        <h2>Attrition (excluded, by cause and configuration)</h2>
        {a.attrition.length === 0 ? <p className="muted">No external invalidity.</p> : (
          <table>
            <thead><tr><th>Cause</th><th>Configuration</th><th>Rows</th></tr></thead>
            <tbody>{a.attrition.map((r) => <tr key={`${r.cause}|${r.configuration}`}><td>{r.cause}</td><td>{r.configuration}</td><td>{r.count}</td></tr>)}</tbody>
          </table>
        )}
      </section>
      <section className="panel">
        <h2>Raster</h2>
        <Raster blocks={a.raster} />
      </section>
    </>
  );
}
