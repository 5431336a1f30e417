import "server-only";
import { db } from "@/lib/db";

/** The package a frozen family is frozen in (its first frozen package), or null while it is in construction. */
export async function frozenPackageHash(familyId: string): Promise<string | null> {
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true } });
  if (!family?.frozen) return null;
  const pkg = await db().package.findFirst({ where: { familyId, frozenAt: { not: null } }, orderBy: { frozenAt: "asc" }, select: { hash: true } });
  return pkg?.hash ?? "";
}
