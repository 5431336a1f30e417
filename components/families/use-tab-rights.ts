"use client";
import { useCurrentUser, type TCurrentUser } from "@/components/shell/use-current-user";
import { useFamilySummary } from "./use-family-summary";

/**
 * What a family tab offers its viewer: the signed-in user and whether the family is frozen
 * (then no tab shows forms; the server refuses the changes anyway). Both come from the API,
 * since the tabs are prerendered; `ready` is false until both have arrived.
 */
export function useTabRights(familyId: string): { ready: false; error: unknown } | { ready: true; user: TCurrentUser; frozen: boolean; has: (...roles: string[]) => boolean } {
  const me = useCurrentUser();
  const family = useFamilySummary(familyId);
  if (!me.data || !family.data) return { ready: false, error: me.error ?? family.error };
  const user = me.data;
  return { ready: true, user, frozen: family.data.frozen, has: (...roles) => roles.some((role) => user.roles.includes(role)) };
}
