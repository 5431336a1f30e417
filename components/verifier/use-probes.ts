"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TProbesDto } from "@/lib/schemas/probes";
import { queryKeys } from "@/components/query-keys";

const ACTIVE = new Set(["queued", "running"]);

/** The probes, the collected ids and the latest collect run; polls every second while that run is active. */
export function useProbes(familyId: string) {
  return useQuery({
    queryKey: queryKeys.probes(familyId),
    queryFn: () => api<TProbesDto>(`/api/families/${familyId}/probes`),
    refetchInterval: (query) => (query.state.data?.collectRun && ACTIVE.has(query.state.data.collectRun.status) ? 1000 : false),
  });
}

export const isActive = (status: string | undefined) => status !== undefined && ACTIVE.has(status);
