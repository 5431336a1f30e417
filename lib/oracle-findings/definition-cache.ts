import { db, Prisma } from "@/lib/db";
import type { TTreeDefinitions } from "@/lib/oracle-audit/types";

/** A tree's definitions, computed once per key (a commit, or a commit + patch hash) and shared by every worker. */
export async function cachedDefinitions(key: string, compute: () => Promise<TTreeDefinitions>): Promise<{ definitions: TTreeDefinitions; cached: boolean }> {
  const hit = await db().oracleDefinitionCache.findUnique({ where: { key } });
  if (hit) return { definitions: hit.content as unknown as TTreeDefinitions, cached: true };
  const definitions = await compute();
  await db().oracleDefinitionCache.upsert({
    where: { key }, create: { key, content: definitions as unknown as Prisma.InputJsonValue }, update: {},
  });
  return { definitions, cached: false };
}
