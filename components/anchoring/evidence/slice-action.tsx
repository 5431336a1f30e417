"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/http/api-client";
import type { Evidence, SliceResult } from "../types";
import { queryKeys } from "@/components/query-keys";

/** "Use slice as gold / hidden tests": writes the gold patch and the verifier's hidden test patch. */
export function SliceAction({ familyId, slice }: { familyId: string; slice: Evidence["slice"] }) {
  const queryClient = useQueryClient();
  const apply = useMutation<SliceResult, ApiError>({
    mutationFn: () => api<SliceResult>(`/api/families/${familyId}/evidence/slice`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.evidence(familyId) }),
  });
  return (
    <div className="panel">
      <div className="row" style={{ alignItems: "center" }}>
        <button className="primary" onClick={() => apply.mutate()} disabled={apply.isPending}>Use slice as gold / hidden tests</button>
        <span className="muted">
          {slice.goldPatch ? `Gold patch version ${slice.goldPatch.version}` : "No gold patch yet"}
          {" · "}
          {slice.hiddenTests ? "hidden tests written" : "no hidden tests yet"}
        </span>
      </div>
      {apply.data && (
        <p role="status" data-testid="slice-result">
          Gold patch: {apply.data.gold.files.join(", ")}. Hidden tests: {apply.data.hiddenTests.files.join(", ")}.
        </p>
      )}
      {apply.error && <p className="error" role="alert">{apply.error.message}</p>}
    </div>
  );
}
