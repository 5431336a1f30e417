"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import type { TOracleAuditDto } from "@/lib/oracle-audit/oracle-audit-dto";
import { useGateReport } from "@/components/gates/use-gate-report";
import { StageGates } from "@/components/gates/stage-gates";
import { DependencyCard } from "./dependency-card";
import { CLASSES, DependencyTable } from "./dependency-table";
import { FindingCard } from "./finding-card";
import { refreshQueries } from "@/components/ui/refresh-queries";

const pct = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(0)}%`);

export function OracleAuditView({ familyId, canPlace, canWaive, canRun }: { familyId: string; canPlace: boolean; canWaive: boolean; canRun: boolean }) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);
  const query = useQuery({
    queryKey: queryKeys.oracleAudit(familyId),
    queryFn: () => api<TOracleAuditDto>(`/api/families/${familyId}/oracle-audit`),
    refetchInterval: (q) => (q.state.data?.running || (q.state.data?.audit?.counterfactuals.pending ?? 0) > 0 ? 1500 : false),
  });
  const busy = Boolean(query.data?.running || (query.data?.audit?.counterfactuals.pending ?? 0) > 0);
  const report = useGateReport(familyId, busy ? 2000 : false);
  // The gate report polled while the audit ran may predate its end: read it once more when it finishes.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) void refreshQueries(queryClient, { queryKey: queryKeys.gates(familyId) });
    wasBusy.current = busy;
  }, [busy, familyId, queryClient]);
  const start = useMutation({
    mutationFn: () => api<{ created: number; reused: number }>(`/api/families/${familyId}/oracle-audit`, { method: "POST" }),
    onSuccess: (r) => {
      setNotice({ error: false, text: r.created > 0 ? "Audit queued." : "Nothing changed since the last audit; its result stands." });
      void refreshQueries(queryClient, { queryKey: queryKeys.oracleAudit(familyId) });
    },
    onError: (e) => setNotice({ error: true, text: (e as ApiError).message }),
  });
  const data = query.data;
  const audit = data?.audit;
  const blocking = audit?.hidden.filter((d) => d.blocking) ?? [];
  const informational = audit?.hidden.filter((d) => !d.blocking) ?? [];
  return (
    <>
      <p className="muted">
        Each history is handed to an agent alone, so every history is audited on its own: the names, module paths and literals the hidden tests
        rely on that the base does not define, that history never states and no convention makes inferable.
      </p>
      {canRun && (
        <div className="row" style={{ marginBottom: 12 }}>
          <button className="primary" onClick={() => start.mutate()} disabled={start.isPending || Boolean(data?.running)}>Run the audit</button>
          {busy && <span className="muted" role="status">{data?.running ? "Audit running…" : `${audit?.counterfactuals.pending} counterfactual run(s) pending…`}</span>}
        </div>
      )}
      {notice && <p className={notice.error ? "error" : "muted"} role="status">{notice.text}</p>}
      {data?.lastRunFailed ? (
        <p className="error" role="alert" data-testid="oracle-last-run">
          The last audit run failed: {data.lastRunMessage}
          {audit && ` The findings below are those of the earlier audit of ${new Date(audit.createdAt).toLocaleString()}.`}
        </p>
      ) : data?.lastRunMessage && <p className="muted" data-testid="oracle-last-run">{data.lastRunMessage}</p>}
      {report.data?.stages.filter((s) => s.stage === "audit").map((s) => <StageGates key={s.stage} stage={{ ...s, gates: s.gates.filter((g) => g.key === "oracle_audit") }} />)}
      {data && !audit && <p>No audit yet.</p>}
      {audit && (
        <>
          <div className="panel" data-testid="oracle-summary">
            {audit.dependencies} dependencies read · {audit.hidden.filter((d) => d.blocking).length} hidden (blocking), {audit.hidden.filter((d) => !d.blocking).length} informational ·
            counterfactuals: {audit.counterfactuals.confirmed} of {audit.counterfactuals.decided} confirmed, measured precision {pct(audit.counterfactuals.precision)},
            blast-radius accuracy {pct(audit.counterfactuals.blastRadiusAccuracy)}
            {!audit.current && <span className="error"> · out of date: {audit.staleReason ?? "a history, gold or the hidden tests changed since"}</span>}
          </div>
          <table aria-label="Dependencies per history" style={{ marginBottom: 16 }}>
            <thead>
              <tr><th>History</th>{CLASSES.map((k) => <th key={k}>{k}</th>)}</tr>
            </thead>
            <tbody>
              {audit.histories.map((h) => (
                <tr key={h.revisionId} data-testid="oracle-history" data-condition={h.condition}>
                  <td>
                    {h.condition} {h.number !== null && `r${h.number}`}
                    <span className="muted">{!h.current && " (older revision)"}{h.textChanged && " (text changed since)"}{h.reused && " (unchanged, kept)"}</span>
                  </td>
                  {CLASSES.map((k) => <td key={k} className={k === "hidden" && (h.counts[k] ?? 0) > 0 ? "error" : undefined}>{h.counts[k] ?? 0}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
          {audit.notAudited.length > 0 && (
            <>
              <h2>Not audited</h2>
              <ul className="plain">{audit.notAudited.map((f) => <FindingCard key={f.id} familyId={familyId} finding={f} canPlace={false} canWaive={canWaive} />)}</ul>
            </>
          )}
          <section data-testid="oracle-hidden">
            <h2>Hidden dependencies</h2>
            <p className="muted">Each one once, with every history it is hidden in: an addendum goes into each history that lacks it; a waiver covers every history, or one.</p>
            {blocking.length === 0 ? <p>No blocking hidden dependency.</p> : (
              <ul className="plain">{blocking.map((d) => <DependencyCard key={d.dependencyKey} familyId={familyId} dep={d} canPlace={canPlace && audit.current} canWaive={canWaive} />)}</ul>
            )}
          </section>
          {informational.length > 0 && (
            <section data-testid="oracle-informational">
              <h2>Informational</h2>
              <p className="muted">Hidden, but no probe the verifier runs depends on them (a type-test file, a helper): listed, never blocking.</p>
              <ul className="plain">{informational.map((d) => <DependencyCard key={d.dependencyKey} familyId={familyId} dep={d} canPlace={canPlace && audit.current} canWaive={canWaive} />)}</ul>
            </section>
          )}
          {data.waivers.length > 0 && (
            <section data-testid="oracle-waivers">
              <h2>Waivers</h2>
              <ul className="plain">
                {data.waivers.map((w) => <li key={w.id} className="panel"><code>{w.name}</code> — {w.history ? `in ${w.history}` : "every history"}: <span className="muted">{w.rationale}</span></li>)}
              </ul>
            </section>
          )}
          <DependencyTable audit={audit} />
        </>
      )}
    </>
  );
}
