"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";

export type TCurrentUser = { id: string; name: string; email: string; roles: string[] };

/**
 * The signed-in user, from the API: the pages are prerendered shells, so who is signed in is
 * known in the browser only. It decides what a page offers (nav links, edit forms), never what
 * it may see — the proxy refused the page and the APIs refuse the data to a wrong role.
 */
export function useCurrentUser() {
  return useQuery({ queryKey: queryKeys.me(), queryFn: () => api<TCurrentUser>("/api/me"), staleTime: 60_000 });
}

export const holdsAnyRole = (user: TCurrentUser | undefined, roles: readonly string[]) => !!user && roles.some((role) => user.roles.includes(role));
