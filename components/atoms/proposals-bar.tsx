"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import { queryKeys } from "@/components/query-keys";

type TProposersInfo = { heuristic: boolean; model: { model: string; host: string } | null };
type TRunResult = { proposer: "heuristic" | "model"; created: { key: string }[]; skipped: number };

/** Runs a proposer; its candidates land as proposed atoms that a person accepts, rejects or merges. */
export function ProposalsBar({ familyId }: { familyId: string }) {
  const info = useQuery({ queryKey: queryKeys.proposers(familyId), queryFn: () => api<TProposersInfo>(`/api/families/${familyId}/proposals`) });
  const run = useFamilyMutation(familyId, (proposer: "heuristic" | "model") => api<TRunResult>(`/api/families/${familyId}/proposals`, { body: { proposer } }));
  const result = run.data;
  return (
    <section className="panel" aria-label="Extraction proposals">
      <div className="row" style={{ alignItems: "center" }}>
        <strong>Extraction proposals</strong>
        <button type="button" disabled={run.isPending} onClick={() => run.mutate("heuristic")}>Propose from changed tests</button>
        <button type="button" disabled={run.isPending || !info.data?.model} onClick={() => run.mutate("model")}
          title={info.data?.model ? `${info.data.model.model} at ${info.data.model.host}` : "No model endpoint is configured"}>
          Propose with model{info.data?.model ? ` (${info.data.model.model})` : ""}
        </button>
        {run.isPending && <span className="muted">proposing…</span>}
      </div>
      <p className="muted" style={{ margin: "6px 0 0" }}>
        Proposals are construction aids, recorded with their origin: each lands as a proposed atom and enters the contract only when a person accepts it.
        {!info.data?.model && " A model-backed proposer runs once an admin configures an OpenAI-compatible endpoint."}
      </p>
      {result && (
        <p role="status" style={{ margin: "6px 0 0" }}>
          {result.created.length > 0 ? `Proposed ${result.created.map((a) => a.key).join(", ")} (${result.proposer}).` : `No new proposals (${result.proposer}).`}
          {result.skipped > 0 && ` ${result.skipped} already in the catalog.`}
        </p>
      )}
      <ApiErrorNotice error={run.error} />
    </section>
  );
}
