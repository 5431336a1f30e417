"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TGateReport } from "@/lib/gates/types";
import { queryKeys } from "@/components/query-keys";

/** The family's gate report; other pages invalidate queryKeys.gates(familyId) after a change. */
export function useGateReport(familyId: string, refetchInterval: number | false = false) {
  return useQuery({ queryKey: queryKeys.gates(familyId), queryFn: () => api<TGateReport>(`/api/families/${familyId}/gates`), refetchInterval });
}
