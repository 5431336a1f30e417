import "server-only";
import { getServerSession } from "next-auth";
import { redirect } from "next/navigation";
import { authOptions } from "./options";
import { loadSessionUser, type TSessionUser } from "./current-user";
import { hasAnyRole, type TRole } from "./roles";

/** For pages: redirects to sign-in when signed out and to /forbidden on a wrong role. */
export async function requirePageUser(roles: readonly TRole[] | "any" = "any"): Promise<TSessionUser> {
  const session = await getServerSession(authOptions);
  const user = await loadSessionUser((session?.user as { id?: string } | undefined)?.id);
  if (!user) redirect("/signin");
  if (!hasAnyRole(user.roles, roles)) redirect("/forbidden");
  return user;
}

export async function optionalPageUser(): Promise<TSessionUser | null> {
  const session = await getServerSession(authOptions);
  return loadSessionUser((session?.user as { id?: string } | undefined)?.id);
}
