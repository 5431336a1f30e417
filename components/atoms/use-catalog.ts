"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TCatalogAtomDto } from "@/lib/schemas/atoms";
import type { TReconciliationStatus } from "@/lib/atoms/reconciliation-status";

export const catalogKey = (familyId: string) => ["atoms", familyId] as const;
export const reconciliationKey = (familyId: string) => ["reconciliation", familyId] as const;

export function useCatalog(familyId: string) {
  return useQuery({ queryKey: catalogKey(familyId), queryFn: () => api<TCatalogAtomDto[]>(`/api/families/${familyId}/atoms`) });
}

export function useReconciliation(familyId: string) {
  return useQuery({ queryKey: reconciliationKey(familyId), queryFn: () => api<TReconciliationStatus>(`/api/families/${familyId}/atoms/reconciliation`) });
}

/** Everything a catalog change can move: the atoms, the gate, the probes' coverage, the patches' targets. */
export function useFamilyInvalidation(familyId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [catalogKey(familyId), reconciliationKey(familyId), ["probes", familyId], ["patches", familyId], ["verifier", familyId], ["gates", familyId]].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** A mutation on the family's construction material that refreshes what it may have changed. */
export function useFamilyMutation<TBody, TResult = unknown>(familyId: string, request: (body: TBody) => Promise<TResult>) {
  const invalidate = useFamilyInvalidation(familyId);
  return useMutation({ mutationFn: request, onSettled: () => invalidate() });
}
