import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { fromPrismaError } from "@/lib/db/prisma-errors";
import type { TCreateSuite } from "@/lib/schemas/suites";

export async function createSuite(actorId: string, input: TCreateSuite) {
  try {
    return await db().$transaction(async (tx) => {
      const suite = await tx.suite.create({ data: { name: input.name, description: input.description } });
      await recordEvent(tx, { actorId, action: "suite.create", entity: "Suite", entityId: suite.id, after: suite });
      return suite;
    });
  } catch (error) {
    throw fromPrismaError(error, "A suite");
  }
}
