"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { queryKeys } from "@/components/query-keys";
import { refreshQueries } from "@/components/ui/refresh-queries";

/**
 * Refreshes every gate panel of the family (the report and each stage's view,
 * all under queryKeys.gates) whenever one more of its runs has finished, so a
 * panel never keeps saying "queued or running" after the runs are done.
 */
export function useRefreshGatesOnRunFinish(familyId: string, finishedRuns: number | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (finishedRuns === undefined) return;
    if (seen.current !== undefined && finishedRuns > seen.current) void refreshQueries(queryClient, { queryKey: queryKeys.gates(familyId) });
    seen.current = finishedRuns;
  }, [familyId, finishedRuns, queryClient]);
}
