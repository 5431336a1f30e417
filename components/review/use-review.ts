"use client";
// Server state of the reviewer's workspace and the lead's review board (TanStack Query).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TReviewerDraft, TReviewerWorkspace } from "@/lib/schemas/reviews";

export const workspaceKey = (assignmentId: string) => ["review", assignmentId] as const;

export function useWorkspace(assignmentId: string) {
  return useQuery({ queryKey: workspaceKey(assignmentId), queryFn: () => api<TReviewerWorkspace>(`/api/reviews/${assignmentId}`), refetchOnWindowFocus: false });
}

export type TDraftBody = Omit<TReviewerDraft, "submittedAt">;

export function useSaveDraft(assignmentId: string) {
  return useMutation({
    mutationFn: (body: TDraftBody) => api<TReviewerDraft>(`/api/reviews/${assignmentId}`, { method: "PUT", body }),
  });
}

export function useSubmitReview(assignmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api<TReviewerWorkspace>(`/api/reviews/${assignmentId}/submit`, { body: { version } }),
    onSuccess: (ws) => client.setQueryData(workspaceKey(assignmentId), ws),
  });
}
