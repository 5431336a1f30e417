"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/http/api-client";
import type { Evidence, SliceResult } from "../types";
import { queryKeys } from "@/components/query-keys";
import { ErrorText } from "@/components/ui/error-text";
import { refreshQueries } from "@/components/ui/refresh-queries";

/** "Use slice as gold / hidden tests": writes the gold patch and the verifier's hidden test patch. */
export function SliceAction({ familyId, slice }: { familyId: string; slice: Evidence["slice"] }) {
  const queryClient = useQueryClient();
  const apply = useMutation<SliceResult, ApiError>({
    mutationFn: () => api<SliceResult>(`/api/families/${familyId}/evidence/slice`, { method: "POST" }),
    onSuccess: () => void refreshQueries(queryClient, { queryKey: queryKeys.evidence(familyId) }),
  });
  return (
    <div className="panel">
      <div className="row center-y">
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
      <ErrorText error={apply.error} alert />
    </div>
  );
}
