import "server-only";
import { db } from "@/lib/db";

export type TSessionUser = { id: string; email: string; name: string; roles: string[] };

/** Loads the signed-in user fresh from the database, so role changes apply at once. */
export async function loadSessionUser(userId: string | undefined | null): Promise<TSessionUser | null> {
  if (!userId) return null;
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, roles: true, active: true },
  });
  if (!user?.active) return null;
  return { id: user.id, email: user.email, name: user.name, roles: user.roles };
}
