"use client";
// Server state of the histories page (TanStack Query): one query for the
// family's histories, one for the path gates, and the mutations that change them.
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { TCondition, TTurn } from "@/lib/contract";
import { api } from "@/lib/http/api-client";
import type { THistoryCheck } from "@/lib/histories/check-history";
import type { THistoriesDto, TRevisionDto, TRevisionSummaryDto, TScaffoldResultDto } from "@/lib/schemas/histories";
import { queryKeys } from "@/components/query-keys";
import { useStageReport } from "@/components/gates/use-gate-report";
import { refreshQueries } from "@/components/ui/refresh-queries";

const base = (familyId: string) => `/api/families/${familyId}/histories`;
const revisionUrl = (familyId: string, condition: TCondition, number: number) => `${base(familyId)}/${condition}/revisions/${number}`;

export function useHistories(familyId: string) {
  return useQuery({ queryKey: queryKeys.histories(familyId), queryFn: () => api<THistoriesDto>(base(familyId)) });
}

export function usePathGates(familyId: string) {
  // Replay runs finish on the workers: keep polling while any is queued or running.
  return useStageReport(familyId, "paths", (data) => (data && data.matrix.counts.queued + data.matrix.counts.running > 0 ? 3_000 : false));
}

export function useRevisions(familyId: string, condition: TCondition, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.revisions(familyId, condition),
    queryFn: () => api<TRevisionSummaryDto[]>(`${base(familyId)}/${condition}/revisions`),
    enabled,
  });
}

export function useRevision(familyId: string, condition: TCondition, number: number | null) {
  return useQuery({
    queryKey: queryKeys.revision(familyId, condition, number),
    queryFn: () => api<TRevisionDto>(revisionUrl(familyId, condition, number!)),
    enabled: number !== null,
  });
}

/** A history changed: its lists and revisions, and every gate panel (the path gates read the saved revisions). */
function refreshHistories(client: QueryClient, familyId: string) {
  return Promise.all([refreshQueries(client, { queryKey: queryKeys.histories(familyId) }), refreshQueries(client, { queryKey: queryKeys.gates(familyId) })]);
}

/** Puts a revision returned by a mutation into the cached list, so the editor never flickers back. */
function useRevisionIntoCache(familyId: string) {
  const client = useQueryClient();
  return (revision: TRevisionDto) => {
    client.setQueryData<THistoriesDto>(queryKeys.histories(familyId), (data) =>
      data && {
        ...data,
        histories: data.histories.map((h) => (h.condition === revision.condition && h.revision.number <= revision.number ? { ...h, revision } : h)),
      },
    );
    void refreshHistories(client, familyId);
  };
}

export function useSaveRevision(familyId: string) {
  const client = useQueryClient();
  const intoCache = useRevisionIntoCache(familyId);
  return useMutation({
    mutationFn: (v: { condition: TCondition; number: number; version: number; turns: TTurn[] }) =>
      api<{ revision: TRevisionDto; check: THistoryCheck }>(revisionUrl(familyId, v.condition, v.number), {
        method: "PUT",
        body: { version: v.version, turns: v.turns },
      }),
    onSuccess: ({ revision }) => intoCache(revision),
    // A 409 carries the current copy; refetch so the editor's base is the saved state.
    onError: () => refreshHistories(client, familyId),
  });
}

export function useSendToReview(familyId: string) {
  const intoCache = useRevisionIntoCache(familyId);
  return useMutation({
    mutationFn: (v: { condition: TCondition; number: number; version: number; assignDefaultPair?: boolean }) =>
      api<TRevisionDto & { reviewers?: { assigned: string[]; skipped: string[] } }>(`${revisionUrl(familyId, v.condition, v.number)}/send-to-review`, {
        body: { version: v.version, assignDefaultPair: v.assignDefaultPair },
      }),
    onSuccess: intoCache,
  });
}

export function useCreateRevision(familyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { condition: TCondition }) => api<TRevisionDto>(`${base(familyId)}/${v.condition}/revisions`, { body: {} }),
    onSuccess: () => refreshHistories(client, familyId),
  });
}

export function useScaffold(familyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { conditions?: TCondition[]; overwrite?: boolean }) => api<TScaffoldResultDto>(`${base(familyId)}/scaffold`, { body }),
    onSuccess: () => refreshHistories(client, familyId),
  });
}

export function useRunReplay(familyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ requested: number; created: number; reused: number }>(`${base(familyId)}/replay`, { method: "POST" }),
    onSuccess: () => refreshQueries(client, { queryKey: queryKeys.stage(familyId, "paths") }),
  });
}
