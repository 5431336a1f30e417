import "server-only";
import type { DbOrTx } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";

export const FAILED_SIGN_IN = "user.sign_in_failed";
export const THROTTLED_SIGN_IN = "user.sign_in_throttled";

/** One failed (or refused-while-throttled) sign-in, in the audit log: the account tried and the client. */
export async function recordFailedSignIn(
  tx: DbOrTx,
  attempt: { email: string; client: string; userId: string | null; reason: "wrong_password" | "unknown_account" | "inactive" | "throttled" },
): Promise<void> {
  await recordEvent(tx, {
    actorId: null,
    action: attempt.reason === "throttled" ? THROTTLED_SIGN_IN : FAILED_SIGN_IN,
    entity: "SignIn",
    entityId: attempt.email.slice(0, 320),
    after: { client: attempt.client, reason: attempt.reason, userId: attempt.userId },
  });
}
