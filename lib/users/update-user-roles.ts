import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import type { TUpdateUserRoles } from "@/lib/schemas/users";
import { forgetSessionUser } from "@/lib/auth/current-user";
import { userSelect } from "./list-users";

export async function updateUserRoles(actorId: string, userId: string, input: TUpdateUserRoles) {
  const after = await db().$transaction(async (tx) => {
    const before = await tx.user.findUnique({ where: { id: userId }, select: userSelect });
    if (!before) throw notFound("User", userId);
    if (actorId === userId && before.roles.includes("admin") && !input.roles.includes("admin")) {
      throw new AppError("UNPROCESSABLE", "You cannot remove your own admin role; ask another admin.");
    }
    const { count } = await tx.user.updateMany({
      where: { id: userId, version: input.version },
      data: { roles: input.roles, version: { increment: 1 } },
    });
    if (count === 0) throw staleVersion("This user", before);
    const after = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: userSelect });
    await recordEvent(tx, { actorId, action: "user.update_roles", entity: "User", entityId: userId, before, after });
    return after;
  });
  // After the commit: the session cache must not pick the old roles up again.
  forgetSessionUser(userId);
  return after;
}
