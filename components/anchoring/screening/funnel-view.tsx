"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useDeferredValue, useState } from "react";
import { api } from "@/lib/http/api-client";
import { CandidateFilters, CandidatesTable, type CandidateFilter } from "./candidates-table";
import { FunnelCounts } from "./funnel-counts";
import { ImportPanel } from "../imports/import-panel";
import type { CandidateList } from "../types";
import { queryKeys } from "@/components/query-keys";

export function FunnelView({ suiteId, canCurate }: { suiteId: string; canCurate: boolean }) {
  const [filter, setFilter] = useState<CandidateFilter>({ verdict: "all", stoppedAt: "", status: "", q: "" });
  const deferred = useDeferredValue(filter);
  const params = new URLSearchParams(Object.entries(deferred).filter(([, value]) => value && value !== "all"));
  const list = useQuery({
    queryKey: queryKeys.candidates(suiteId, params.toString()),
    queryFn: () => api<CandidateList>(`/api/suites/${suiteId}/candidates?${params}`),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <ImportPanel suiteId={suiteId} canImport={canCurate} />
      <h2>Funnel</h2>
      {list.data && <FunnelCounts steps={list.data.funnel} />}
      <h2>Candidates</h2>
      <CandidateFilters filter={filter} onChange={setFilter} />
      {list.error && <p className="error">{list.error.message}</p>}
      {list.isPending && <p className="muted">Loading…</p>}
      {list.data && (
        <>
          <CandidatesTable suiteId={suiteId} candidates={list.data.candidates} canCurate={canCurate} />
          {list.data.matching > list.data.candidates.length && (
            <p className="muted">Showing {list.data.candidates.length} of {list.data.matching} matching candidates; narrow the filter to see the rest.</p>
          )}
        </>
      )}
    </>
  );
}
