"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/http/api-client";
import type { DiffFile, Evidence } from "../types";
import { queryKeys } from "@/components/query-keys";
import { refreshQueries } from "@/components/ui/refresh-queries";

export type DiffFileChange = { kind?: DiffFile["kind"]; inSlice?: boolean; reason?: string | null; hunks?: { index: number; inSlice: boolean; reason?: string | null }[] };

/** PATCH one diff file from its current version; the evidence list, the file view and the gates follow. */
export function useUpdateDiffFile(familyId: string, file: DiffFile) {
  const queryClient = useQueryClient();
  return useMutation<DiffFile, ApiError, DiffFileChange>({
    mutationFn: (change) => api<DiffFile>(`/api/families/${familyId}/diff-files/${file.id}`, { method: "PATCH", body: { version: file.version, ...change } }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Evidence>(queryKeys.evidence(familyId), (old) =>
        old ? { ...old, files: old.files.map((f) => (f.id === updated.id ? updated : f)) } : old);
      void refreshQueries(queryClient, { queryKey: queryKeys.stage(familyId, "anchoring") });
    },
    onError: (error) => {
      // Someone else changed the file: show their version.
      if (error.status === 409) void refreshQueries(queryClient, { queryKey: queryKeys.evidence(familyId) });
    },
  });
}
