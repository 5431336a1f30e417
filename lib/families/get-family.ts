import "server-only";
import { db } from "@/lib/db";

export const familySummarySelect = {
  id: true,
  title: true,
  repo: true,
  prNumber: true,
  baseCommit: true,
  mergeCommit: true,
  frozen: true,
  version: true,
  createdAt: true,
  suite: { select: { id: true, name: true } },
  lead: { select: { id: true, name: true } },
  curators: { select: { user: { select: { id: true, name: true } } } },
  _count: { select: { atoms: true, probes: true, patches: true, histories: true, runs: true } },
} as const;

export async function getFamily(familyId: string) {
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: familySummarySelect });
  if (!family) return null;
  const { curators, _count, ...rest } = family;
  return { ...rest, curators: curators.map((c) => c.user), counts: _count };
}
