"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import type { TOracleFindingDto } from "@/lib/oracle-audit/oracle-audit-dto";
import { ResolveForm } from "./resolve-form";
import { refreshQueries } from "@/components/ui/refresh-queries";

const OUTCOME_TEXT: Record<string, string> = {
  confirmed: "confirmed — exactly the predicted probes failed",
  refuted: "refuted — nothing failed: the dependency was not needed",
  wider: "wider — more probes failed than predicted",
  error: "could not run",
};

export function Counterfactual({ cf }: { cf: TOracleFindingDto["counterfactual"] }) {
  if (!cf) return <span className="muted">no counterfactual (paths are not renamed)</span>;
  if (cf.outcome === null) return <span className="muted" data-testid="counterfactual">counterfactual queued ({cf.mutation})</span>;
  return (
    <span data-testid="counterfactual" data-outcome={cf.outcome} title={cf.message ?? undefined}>
      <span className={cf.outcome === "confirmed" ? "chip" : "chip error"}>{cf.outcome}</span> {OUTCOME_TEXT[cf.outcome] ?? cf.outcome}
      {cf.outcome !== "error" && ` (${cf.failed} failed, ${cf.predicted} predicted; ${cf.mutation})`}
      {cf.outcome === "error" && cf.message && `: ${cf.message}`}
    </span>
  );
}

export function FindingCard({ familyId, finding, canPlace, canWaive }: { familyId: string; finding: TOracleFindingDto; canPlace: boolean; canWaive: boolean }) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const resolve = useMutation({
    mutationFn: ({ kind, text }: { kind: "addendum" | "waiver"; text: string }) =>
      api(`/api/families/${familyId}/oracle-audit/findings/${finding.id}/${kind}`, {
        body: kind === "addendum" ? { sentence: text, version: finding.version } : { rationale: text, version: finding.version, scope: "family" },
      }),
    onSuccess: () => {
      setError(null);
      void refreshQueries(queryClient, { queryKey: queryKeys.oracleAudit(familyId) });
      void refreshQueries(queryClient, { queryKey: queryKeys.gates(familyId) });
      void refreshQueries(queryClient, { queryKey: queryKeys.histories(familyId) });
    },
    onError: (e) => {
      const err = e as ApiError;
      setError([err.message, ...Object.entries(err.fieldErrors).map(([f, m]) => `${f} ${m.join(", ")}`)].join(" "));
    },
  });
  const ev = finding.evidence;
  return (
    <li className="panel" data-testid="oracle-finding" data-kind={finding.kind} data-name={finding.name}>
      <div className="row">
        <strong><code>{finding.name}</code></strong>
        <span className="chip">{finding.category === "not_audited" ? "not audited" : `hidden ${finding.kind}`}</span>
        {finding.resolution && <span className="chip" data-testid="resolution">{finding.resolution === "waived" ? "waived" : "addendum placed"}</span>}
      </div>
      <p className="muted">{finding.reason}</p>
      {finding.category === "hidden" && (
        <>
          <p>
            Blocks {finding.scope === "unit" ? <>the whole build unit <code>{finding.buildUnit}</code></> : <>one test in <code>{finding.buildUnit}</code></>}:{" "}
            {finding.probeTestIds.length} probe{finding.probeTestIds.length === 1 ? "" : "s"}
          </p>
          <ul className="muted">{finding.probeTestIds.map((p) => <li key={p}><code>{p}</code></li>)}</ul>
          {ev.file && <p>Test: <code>{ev.file}:{ev.line}</code> <code>{ev.text}</code></p>}
          {ev.definedAt && <p>Gold defines it in <code>{ev.definedAt.file}{ev.definedAt.line ? `:${ev.definedAt.line}` : ""}</code></p>}
          <p><Counterfactual cf={finding.counterfactual} /></p>
        </>
      )}
      {finding.resolution === "waived" && finding.rationale && <p className="muted">Waiver: {finding.rationale}</p>}
      {!finding.resolution && (
        <ResolveForm
          canPlace={canPlace && finding.category === "hidden"} canWaive={canWaive} pending={resolve.isPending} initialSentence={finding.addendum ?? ""}
          addendumLabel="Sentence placed in the first turn of every history where it is hidden (new revisions)"
          onAddendum={(sentence) => resolve.mutate({ kind: "addendum", text: sentence })}
          onWaive={(rationale) => resolve.mutate({ kind: "waiver", text: rationale })}
        />
      )}
      {error && <p className="error" role="alert">{error}</p>}
    </li>
  );
}
