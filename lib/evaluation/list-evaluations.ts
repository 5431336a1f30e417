import "server-only";
import { db } from "@/lib/db";

export async function listEvaluations() {
  const rows = await db().evaluation.findMany({ orderBy: { createdAt: "desc" }, select: { id: true, name: true, packageHashes: true, createdAt: true, _count: { select: { attempts: true } } } });
  return rows.map(({ _count, ...r }) => ({ ...r, attempts: _count.attempts }));
}

/** Frozen packages a lead can put into an evaluation. */
export async function listFrozenPackages() {
  const rows = await db().package.findMany({ where: { frozenAt: { not: null } }, orderBy: { frozenAt: "desc" }, select: { hash: true, frozenAt: true, familyId: true, family: { select: { title: true } } } });
  return rows.map((r) => ({ hash: r.hash, frozenAt: r.frozenAt, familyId: r.familyId, family: r.family.title }));
}
