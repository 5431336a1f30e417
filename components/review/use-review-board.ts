"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TRevisionAgreement, TTurnOperations, TAgreementSummary } from "@/lib/review/agreement";
import { refreshQueries } from "@/components/ui/refresh-queries";

type TDecision = { id: string; decision: "accept" | "revise"; note: string; reviewIds: string[]; supersededById: string | null; createdAt: string; lead: { id: string; name: string } };
export type TBoardRevision = {
  id: string; number: number; status: string; sentToReviewAt: string | null;
  turns: { text: string; activated: string[]; deactivated: string[]; restated: string[] }[];
  assignments: { id: string; status: string; reviewer: { id: string; name: string }; overrideReason: string | null; submittedAt: string | null; review: { id: string; operations: TTurnOperations[]; finalSet: string[]; freeText: string[]; ambiguous: boolean; ambiguityNote: string | null } | null }[];
  agreement: TRevisionAgreement | null;
  decisions: TDecision[];
};
export type TBoard = {
  family: { id: string; title: string; suiteId: string; version: number; defaultReviewerIds: string[] };
  atoms: { key: string; statement: string; role: string }[];
  reviewers: { id: string; name: string; open: number; curator: boolean }[];
  histories: { id: string; condition: string; current: TBoardRevision; earlier: TBoardRevision[] }[];
  summary: TAgreementSummary;
  inReview: number;
};

export const boardKey = (familyId: string) => ["review-board", familyId] as const;

export function useBoard(familyId: string) {
  return useQuery({ queryKey: boardKey(familyId), queryFn: () => api<TBoard>(`/api/families/${familyId}/reviews`) });
}

function useBoardMutation<V, R>(familyId: string, fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => refreshQueries(client, { queryKey: boardKey(familyId) }) });
}

export const useAssign = (familyId: string) =>
  useBoardMutation(familyId, (v: { revisionId: string; reviewerId: string; overrideReason?: string }) => api(`/api/families/${familyId}/reviews/assignments`, { body: v }));
export const useAssignAll = (familyId: string) =>
  useBoardMutation(familyId, (_: void) => api<{ assigned: number; short: { revisionId: string; missing: number }[] }>(`/api/families/${familyId}/reviews/assign-all`, { method: "POST", body: {} }));
export const useDefaultPair = (familyId: string) =>
  useBoardMutation(familyId, (v: { version: number; reviewerIds: string[] }) => api(`/api/families/${familyId}/reviews/default-pair`, { method: "PUT", body: v }));
export const useAdjudicate = (familyId: string) =>
  useBoardMutation(familyId, (v: { revisionId: string; decision: "accept" | "revise"; rationale: string; supersedesId?: string }) => api(`/api/families/${familyId}/adjudications`, { body: v }));
export const useReveal = (familyId: string) =>
  useBoardMutation(familyId, (v: { assignmentId: string; reason: string }) => api<{ review: { finalSet: string[]; operations: TTurnOperations[] } }>(`/api/reviews/${v.assignmentId}/reveal`, { body: { reason: v.reason } }));
