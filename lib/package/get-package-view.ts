import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { getFreezePreview } from "./freeze-preview";
import { loadFrozenPackage } from "./load-package";

/** What the family's Package page shows: the freeze confirmation, or the frozen package with its annotations and versions. */
export async function getPackageView(familyId: string) {
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true, familyVersion: true, previousFamilyId: true } });
  if (!family) throw notFound("Task family", familyId);
  const [previous, next] = await Promise.all([
    family.previousFamilyId
      ? db().package.findFirst({ where: { familyId: family.previousFamilyId, frozenAt: { not: null } }, select: { hash: true, familyId: true } })
      : null,
    db().taskFamily.findFirst({ where: { previousFamilyId: familyId }, select: { id: true, familyVersion: true } }),
  ]);
  if (!family.frozen) return { frozen: false as const, version: family.familyVersion, previous, next, preview: await getFreezePreview(familyId) };
  const pkg = await loadFrozenPackage({ familyId });
  return {
    frozen: true as const,
    version: family.familyVersion,
    previous,
    next,
    package: { id: pkg.id, hash: pkg.hash, frozenAt: pkg.frozenAt, frozenBy: pkg.frozenBy, annotations: pkg.annotations, counts: pkg.content.construction_audit.counts },
  };
}
export type TPackageView = Awaited<ReturnType<typeof getPackageView>>;
