"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { StatusChip } from "@/components/ui/status-chip";
import type { THiddenDependencyDto } from "@/lib/oracle-audit/oracle-audit-dto";
import { Counterfactual } from "./finding-card";
import { ResolveForm } from "./resolve-form";
import { refreshQueries } from "@/components/ui/refresh-queries";

type TAction = { kind: "addendum"; sentence: string } | { kind: "waiver"; rationale: string; scope: "family" | "history"; target: THiddenDependencyDto["histories"][number] };

/**
 * One hidden dependency across the current histories, resolved once: one addendum placed
 * in every history that lacks it, or one waiver for every history (or, a lead's choice,
 * for one history).
 */
export function DependencyCard({ familyId, dep, canPlace, canWaive }: { familyId: string; dep: THiddenDependencyDto; canPlace: boolean; canWaive: boolean }) {
  const queryClient = useQueryClient();
  const f = dep.finding;
  const open = dep.histories.filter((h) => h.resolution === null);
  const resolve = useMutation({
    mutationFn: async (a: TAction) => {
      if (a.kind === "addendum") return api(`/api/families/${familyId}/oracle-audit/findings/${f.id}/addendum`, { body: { sentence: a.sentence, version: f.version } });
      return api(`/api/families/${familyId}/oracle-audit/findings/${a.target.findingId}/waiver`, { body: { rationale: a.rationale, scope: a.scope, version: a.target.version } });
    },
    onSuccess: () => {
      for (const queryKey of [queryKeys.oracleAudit(familyId), queryKeys.gates(familyId), queryKeys.histories(familyId)]) void refreshQueries(queryClient, { queryKey });
    },
  });
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
        <ResolveForm
          canPlace={canPlace} canWaive={canWaive} pending={resolve.isPending} initialSentence={f.addendum ?? ""}
          addendumLabel={`Sentence placed once, in the first turn of every history that lacks it (${open.map((h) => h.condition).join(", ")}; new revisions)`}
          histories={open.map((h) => ({ id: h.findingId, label: h.condition }))}
          onAddendum={(sentence) => resolve.mutate({ kind: "addendum", sentence })}
          onWaive={(rationale, target) => resolve.mutate({ kind: "waiver", rationale, scope: target ? "history" : "family", target: open.find((h) => h.findingId === target?.id) ?? open[0]! })}
        />
      )}
      <ApiErrorNotice error={resolve.error} />
    </li>
  );
}
