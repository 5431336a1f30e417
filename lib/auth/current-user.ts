import "server-only";
import { db } from "@/lib/db";

export type TSessionUser = { id: string; email: string; name: string; roles: string[] };

/**
 * How long a looked-up user answers for its session without asking the database
 * again. Short, because it bounds how late a change made elsewhere (another
 * server process, a direct SQL update) reaches this one; a role change made
 * through this process (updateUserRoles) forgets the user at once.
 */
export const SESSION_USER_TTL_MS = 2_000;

type Entry = { user: TSessionUser | null; expires: number; generation: number };
type Cache = { entries: Map<string, Entry>; generation: Map<string, number> };

// On globalThis: route handlers and server components are separate bundles in one
// server process, and a role change in one must reach the other's cache.
const key = Symbol.for("specpath.sessionUserCache");
function cache(): Cache {
  const holder = globalThis as unknown as Record<symbol, Cache | undefined>;
  holder[key] ??= { entries: new Map(), generation: new Map() };
  return holder[key];
}

const MAX_ENTRIES = 10_000;

/**
 * The signed-in user, active, with its current roles (null when unknown or
 * deactivated). Under load one user's many requests share one lookup per TTL.
 */
export async function loadSessionUser(userId: string | undefined | null): Promise<TSessionUser | null> {
  if (!userId) return null;
  const { entries, generation } = cache();
  const now = Date.now();
  const hit = entries.get(userId);
  if (hit && hit.expires > now && hit.generation === (generation.get(userId) ?? 0)) return hit.user;
  // Read the generation before the query: a role change landing meanwhile makes this result stale at once.
  const before = generation.get(userId) ?? 0;
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, email: true, name: true, roles: true, active: true },
  });
  const loaded = user?.active ? { id: user.id, email: user.email, name: user.name, roles: user.roles } : null;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(userId, { user: loaded, expires: now + SESSION_USER_TTL_MS, generation: before });
  return loaded;
}

/** Forget what is cached of a user (after a change of roles or of its active flag), so the next request reads it fresh. */
export function forgetSessionUser(userId: string): void {
  const { entries, generation } = cache();
  generation.set(userId, (generation.get(userId) ?? 0) + 1);
  entries.delete(userId);
}
