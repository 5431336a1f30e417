"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { GateList } from "@/components/ui/gate-list";
import { StatusChip } from "@/components/ui/status-chip";
import { useStageReport } from "@/components/gates/use-gate-report";
import { queryKeys } from "@/components/query-keys";
import { ErrorText } from "@/components/ui/error-text";
import { refreshQueries } from "@/components/ui/refresh-queries";

const ACTIVE = ["queued", "running"];

/** The anchoring stage's gates, computed on the server; polls while the base checkout job runs. */
export function AnchoringGatePanel({ familyId, canRequest }: { familyId: string; canRequest: boolean }) {
  const queryClient = useQueryClient();
  const status = useStageReport(familyId, "anchoring", (data) => (ACTIVE.includes(data?.checkout?.status ?? "") ? 1500 : false));
  const checkout = useMutation({
    mutationFn: () => api(`/api/families/${familyId}/evidence/checkout`, { method: "POST" }),
    onSettled: () => void refreshQueries(queryClient, { queryKey: queryKeys.stage(familyId, "anchoring") }),
  });
  if (status.isPending) return <section className="panel muted">Loading the anchoring gate…</section>;
  if (status.error) return <section className="panel error">{status.error.message}</section>;
  const { stage, checkout: run } = status.data;
  return (
    <section className="panel" aria-label="Anchoring gate" data-testid="anchoring-gate" data-status={stage?.status}>
      <div className="row spread">
        <h2 className="m0">Source anchoring gate</h2>
        {stage && <StatusChip status={stage.status} testId="anchoring-stage-status" />}
      </div>
      <p className="muted" data-testid="checkout-status" data-status={run?.status ?? "none"}>
        Base checkout job: {run ? `${run.status}${ACTIVE.includes(run.status) ? "…" : ""}${run.message ? ` — ${run.message}` : ""}` : "not requested"}
        {canRequest && !ACTIVE.includes(run?.status ?? "") && (
          <button style={{ marginLeft: 8 }} onClick={() => checkout.mutate()} disabled={checkout.isPending}>{run ? "Check out again" : "Request base checkout"}</button>
        )}
      </p>
      <ErrorText error={checkout.error} />
      {stage && <GateList gates={stage.gates} />}
    </section>
  );
}
