"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { StatusChip } from "@/components/ui/status-chip";
import type { THiddenDependencyDto } from "@/lib/schemas/oracle-audit";
import { Counterfactual } from "./finding-card";

type TAction = { kind: "addendum"; sentence: string } | { kind: "waiver"; rationale: string; scope: "family" | "history"; target: THiddenDependencyDto["histories"][number] };

/**
 * One hidden dependency across the current histories, resolved once: one addendum placed
 * in every history that lacks it, or one waiver for every history (or, a lead's choice,
 * for one history).
 */
export function DependencyCard({ familyId, dep, canPlace, canWaive }: { familyId: string; dep: THiddenDependencyDto; canPlace: boolean; canWaive: boolean }) {
  const queryClient = useQueryClient();
  const f = dep.finding;
  const [mode, setMode] = useState<"none" | "addendum" | "waiver">("none");
  const [sentence, setSentence] = useState(f.addendum ?? "");
  const [rationale, setRationale] = useState("");
  const open = dep.histories.filter((h) => h.resolution === null);
  const [waiveIn, setWaiveIn] = useState<string>("");
  const resolve = useMutation({
    mutationFn: async (a: TAction) => {
      if (a.kind === "addendum") return api(`/api/families/${familyId}/oracle-audit/findings/${f.id}/addendum`, { body: { sentence: a.sentence, version: f.version } });
      return api(`/api/families/${familyId}/oracle-audit/findings/${a.target.findingId}/waiver`, { body: { rationale: a.rationale, scope: a.scope, version: a.target.version } });
    },
    onSuccess: () => {
      setMode("none");
      for (const queryKey of [queryKeys.oracleAudit(familyId), queryKeys.gates(familyId), queryKeys.histories(familyId)]) void queryClient.invalidateQueries({ queryKey });
    },
  });
  const waiveTarget = open.find((h) => h.findingId === waiveIn);
  return (
    <li className="panel" data-testid="oracle-finding" data-kind={dep.kind} data-name={dep.name} data-blocking={dep.blocking ? "yes" : "no"}>
      <div className="row">
        <strong><code>{dep.name}</code></strong>
        <span className="chip">hidden {dep.kind}</span>
        {!dep.blocking && <span className="chip" title="No probe the verifier runs depends on it: it never blocks the gate">informational</span>}
        {dep.histories.map((h) => (
          <StatusChip key={h.revisionId} status={h.resolution ?? "open"} tone={h.resolution ? "pass" : "fail"} label={`${h.condition}${h.resolution ? `: ${h.resolution === "waived" ? "waived" : "addendum placed"}` : ""}`} testId="oracle-finding-history" />
        ))}
      </div>
      <p className="muted">{f.reason}</p>
      <p>
        {dep.blocking ? (
          <>Blocks {f.scope === "unit" ? <>the whole build unit <code>{f.buildUnit}</code></> : <>one test in <code>{f.buildUnit}</code></>}: {dep.probeTestIds.length} probe{dep.probeTestIds.length === 1 ? "" : "s"}</>
        ) : <>No probe the verifier runs depends on it (in <code>{f.buildUnit}</code>).</>}
      </p>
      {dep.probeTestIds.length > 0 && <ul className="muted">{dep.probeTestIds.map((p) => <li key={p}><code>{p}</code></li>)}</ul>}
      {f.evidence.file && <p>Test: <code>{f.evidence.file}:{f.evidence.line}</code> <code>{f.evidence.text}</code></p>}
      {f.evidence.definedAt && <p>Gold defines it in <code>{f.evidence.definedAt.file}{f.evidence.definedAt.line ? `:${f.evidence.definedAt.line}` : ""}</code></p>}
      <p><Counterfactual cf={f.counterfactual} /></p>
      {f.rationale && <p className="muted">Waiver: {f.rationale}</p>}
      {open.length > 0 && (
        <div className="row">
          {canPlace && <button onClick={() => setMode(mode === "addendum" ? "none" : "addendum")}>Addendum…</button>}
          {canWaive && <button onClick={() => setMode(mode === "waiver" ? "none" : "waiver")}>Waive…</button>}
        </div>
      )}
      {mode === "addendum" && (
        <div>
          <label>Sentence placed once, in the first turn of every history that lacks it ({open.map((h) => h.condition).join(", ")}; new revisions)
            <textarea value={sentence} onChange={(e) => setSentence(e.target.value)} rows={2} style={{ width: "100%" }} aria-label="Addendum" />
          </label>
          <button className="primary" onClick={() => resolve.mutate({ kind: "addendum", sentence })} disabled={resolve.isPending}>Place addendum</button>
        </div>
      )}
      {mode === "waiver" && (
        <div>
          <label>Why an agent can be expected to get this right without being told
            <textarea value={rationale} onChange={(e) => setRationale(e.target.value)} rows={2} style={{ width: "100%" }} aria-label="Rationale" />
          </label>
          <div className="row">
            <button className="primary" onClick={() => resolve.mutate({ kind: "waiver", rationale, scope: "family", target: open[0]! })} disabled={resolve.isPending}>Waive for every history</button>
            <label>Or in one history
              <select value={waiveIn} onChange={(e) => setWaiveIn(e.target.value)} aria-label="Waive in history">
                <option value="">choose…</option>
                {open.map((h) => <option key={h.findingId} value={h.findingId}>{h.condition}</option>)}
              </select>
            </label>
            <button onClick={() => waiveTarget && resolve.mutate({ kind: "waiver", rationale, scope: "history", target: waiveTarget })} disabled={resolve.isPending || !waiveTarget}>Waive in this history</button>
          </div>
        </div>
      )}
      <ApiErrorNotice error={resolve.error} />
    </li>
  );
}
