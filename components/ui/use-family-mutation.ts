"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/components/query-keys";
import { refreshQueries } from "@/components/ui/refresh-queries";

/** Everything a catalog change can move: the atoms, the gate, the probes' coverage, the patches' targets. */
export function useFamilyInvalidation(familyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.catalog(familyId), queryKeys.gates(familyId), queryKeys.probes(familyId), queryKeys.patches(familyId), queryKeys.verifier(familyId), queryKeys.anchors(familyId), queryKeys.evidence(familyId)].map((queryKey) =>
        refreshQueries(queryClient, { queryKey }),
      ),
    );
}

/** A mutation on the family's construction material that refreshes what it may have changed. */
export function useFamilyMutation<TBody, TResult = unknown>(familyId: string, request: (body: TBody) => Promise<TResult>) {
  const invalidate = useFamilyInvalidation(familyId);
  return useMutation({ mutationFn: request, onSettled: () => invalidate() });
}
