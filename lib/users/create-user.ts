import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { hashPassword } from "@/lib/auth/password";
import { fromPrismaError } from "@/lib/db/prisma-errors";
import type { TCreateUser } from "@/lib/schemas/users";
import { userSelect } from "./list-users";

export async function createUser(actorId: string | null, input: TCreateUser) {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: input.email, name: input.name, roles: input.roles, passwordHash },
        select: userSelect,
      });
      await recordEvent(tx, { actorId, action: "user.create", entity: "User", entityId: user.id, after: user });
      return user;
    });
  } catch (error) {
    throw fromPrismaError(error, "A user");
  }
}
