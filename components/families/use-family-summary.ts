"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";

/** GET /api/families/<id> (lib/families/get-family.ts): the header of every tab, the overview's facts. */
export type TFamilySummary = {
  id: string; title: string; repo: string; prNumber: number | null; baseCommit: string; mergeCommit: string;
  frozen: boolean; familyVersion: number; frozenIn: string | null; suite: { id: string; name: string };
  lead: { name: string } | null; curators: { id: string; name: string }[];
  counts: { atoms: number; probes: number; patches: number; histories: number; runs: number };
};

export function useFamilySummary(familyId: string) {
  return useQuery({ queryKey: queryKeys.family(familyId), queryFn: () => api<TFamilySummary>(`/api/families/${familyId}`) });
}
