"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TStageKey } from "@/lib/gates/stages";
import type { TGateReport } from "@/lib/gates/types";
import type { TStageView } from "@/lib/families/get-stage-report";
import { queryKeys } from "@/components/query-keys";

/** The family's gate report; other pages invalidate queryKeys.gates(familyId) after a change. */
export function useGateReport(familyId: string, refetchInterval: number | false = false) {
  return useQuery({ queryKey: queryKeys.gates(familyId), queryFn: () => api<TGateReport>(`/api/families/${familyId}/gates`), refetchInterval });
}

/** One stage of the report with its panel's details (GET /api/families/[familyId]/gates/[stage]). */
export function useStageReport<S extends TStageKey>(
  familyId: string,
  stage: S,
  refetchInterval: number | false | ((data: TStageView<S> | undefined) => number | false) = false,
) {
  return useQuery({
    queryKey: queryKeys.stage(familyId, stage),
    queryFn: () => api<TStageView<S>>(`/api/families/${familyId}/gates/${stage}`),
    refetchInterval: typeof refetchInterval === "function" ? (q) => refetchInterval(q.state.data) : refetchInterval,
  });
}
