"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TCatalogAtomDto } from "@/lib/schemas/atoms";
import { queryKeys } from "@/components/query-keys";

export function useCatalog(familyId: string) {
  return useQuery({ queryKey: queryKeys.catalog(familyId), queryFn: () => api<TCatalogAtomDto[]>(`/api/families/${familyId}/atoms`) });
}
