import "server-only";
import type { DbOrTx } from "@/lib/db";
import { FAILED_SIGN_IN } from "./record-failed-sign-in";
import { THROTTLE_WINDOW_MS, type TFailures } from "./sign-in-throttle";

/** Recent failed sign-ins for an account (since its last success) and for a client address. */
export async function signInFailures(db: DbOrTx, email: string, userId: string | null, client: string, now = new Date()) {
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const lastSuccess = userId
    ? await db.auditEvent.findFirst({ where: { action: "user.sign_in", entity: "User", entityId: userId }, orderBy: { id: "desc" }, select: { createdAt: true } })
    : null;
  const since = lastSuccess && lastSuccess.createdAt > windowStart ? lastSuccess.createdAt : windowStart;
  const summarize = async (where: object): Promise<TFailures> => {
    const rows = await db.auditEvent.aggregate({ where: { action: FAILED_SIGN_IN, createdAt: { gt: since }, ...where }, _count: true, _max: { createdAt: true } });
    return { count: rows._count, lastAt: rows._max.createdAt };
  };
  const account = await summarize({ entityId: email });
  const byClient = await summarize({ after: { path: ["client"], equals: client }, createdAt: { gt: windowStart } });
  return { account, client: byClient };
}
