"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import styles from "./anchoring.module.css";
import { useStageReport } from "@/components/gates/use-gate-report";
import { queryKeys } from "@/components/query-keys";

const ACTIVE = ["queued", "running"];

/** The anchoring stage's gates, computed on the server; polls while the base checkout job runs. */
export function AnchoringGatePanel({ familyId, canRequest }: { familyId: string; canRequest: boolean }) {
  const queryClient = useQueryClient();
  const status = useStageReport(familyId, "anchoring", (data) => (ACTIVE.includes(data?.checkout?.status ?? "") ? 1500 : false));
  const checkout = useMutation({
    mutationFn: () => api(`/api/families/${familyId}/evidence/checkout`, { method: "POST" }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.stage(familyId, "anchoring") }),
  });
  if (status.isPending) return <section className="panel muted">Loading the anchoring gate…</section>;
  if (status.error) return <section className="panel error">{status.error.message}</section>;
  const { stage, checkout: run } = status.data;
  return (
    <section className="panel" aria-label="Anchoring gate" data-testid="anchoring-gate" data-status={stage?.status}>
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center" }}>
        <h2 style={{ margin: 0 }}>Source anchoring gate</h2>
        {stage && <span className={`chip status-${stage.status}`} data-testid="anchoring-stage-status">{stage.status}</span>}
      </div>
      <p className="muted" data-testid="checkout-status" data-status={run?.status ?? "none"}>
        Base checkout job: {run ? `${run.status}${ACTIVE.includes(run.status) ? "…" : ""}${run.message ? ` — ${run.message}` : ""}` : "not requested"}
        {canRequest && !ACTIVE.includes(run?.status ?? "") && (
          <button style={{ marginLeft: 8 }} onClick={() => checkout.mutate()} disabled={checkout.isPending}>{run ? "Check out again" : "Request base checkout"}</button>
        )}
      </p>
      {checkout.error && <p className="error">{checkout.error.message}</p>}
      {stage?.gates.map((gate) => (
        <div key={gate.key} className={styles.gate} data-testid={`gate-${gate.key}`} data-status={gate.status}>
          <span className={`chip status-${gate.status}`}>{gate.status}</span>
          <div>
            <strong>{gate.title}</strong>
            {gate.missing && <div className={gate.status === "fail" ? "error" : "muted"}>{gate.missing}</div>}
            {gate.evidence.length > 0 && (
              <div className="muted">{gate.evidence.map((e) => `${e.label}: ${e.detail}`).join(" · ")}</div>
            )}
          </div>
        </div>
      ))}
    </section>
  );
}
