"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/http/api-client";
import type { Anchor, Evidence } from "../types";
import { queryKeys } from "@/components/query-keys";

export type AnchorInput = { source: Anchor["source"]; filePath?: string | null; lineStart?: number | null; lineEnd?: number | null; quote: string };

export function useCreateAnchor(familyId: string) {
  const queryClient = useQueryClient();
  return useMutation<Anchor, ApiError, AnchorInput>({
    mutationFn: (input) => api<Anchor>(`/api/families/${familyId}/anchors`, { body: input }),
    onSuccess: (anchor) =>
      queryClient.setQueryData<Evidence>(queryKeys.evidence(familyId), (old) => (old ? { ...old, anchors: [...old.anchors, anchor] } : old)),
  });
}
