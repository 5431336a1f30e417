import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getToken } from "next-auth/jwt";
import { loadSessionUser, type TSessionUser } from "./current-user";
import { hasAnyRole, type TRole } from "./roles";
import { decodeSessionToken } from "./session-token";

/**
 * The signed-in user's id from the session cookie, read once per request (the studio
 * layout, the family layout and the page each ask). The cookie is read as the API's
 * route guard reads it (getToken with the once-per-cookie decode), not through
 * getServerSession: in a server component that runs next-auth's whole session
 * action, re-encrypting a refreshed token on every call only to drop its cookie
 * (a server component cannot set one), which made each page pay that 2–3 times.
 */
const sessionUserId = cache(async (): Promise<string | null> => {
  const jar = await cookies();
  const req = { headers: {}, cookies: Object.fromEntries(jar.getAll().map((c) => [c.name, c.value])) };
  const token = await getToken({ req: req as unknown as Parameters<typeof getToken>[0]["req"], secret: process.env.NEXTAUTH_SECRET, decode: decodeSessionToken });
  return token?.sub ?? null;
});

/** For pages: redirects to sign-in when signed out and to /forbidden on a wrong role. */
export async function requirePageUser(roles: readonly TRole[] | "any" = "any"): Promise<TSessionUser> {
  const user = await loadSessionUser(await sessionUserId());
  if (!user) redirect("/signin");
  if (!hasAnyRole(user.roles, roles)) redirect("/forbidden");
  return user;
}

export async function optionalPageUser(): Promise<TSessionUser | null> {
  return loadSessionUser(await sessionUserId());
}
