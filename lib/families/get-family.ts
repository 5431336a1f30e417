import "server-only";
import { db } from "@/lib/db";
import { frozenPackageHash } from "@/lib/family-guard/frozen-package";

export const familySummarySelect = {
  id: true,
  title: true,
  repo: true,
  prNumber: true,
  baseCommit: true,
  mergeCommit: true,
  frozen: true,
  familyVersion: true,
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
  // The package it is frozen in, for the read-only notice every tab's header shows ("" if not found).
  const frozenIn = family.frozen ? await frozenPackageHash(familyId) : null;
  return { ...rest, frozenIn, curators: curators.map((c) => c.user), counts: _count };
}
