import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { instancesOf, ZGradablePackageSchema, type TGradablePackage } from "./package-view";
import type { TInstance } from "./ingest";

/** The frozen packages of a suite version, by hash, and every instance id they define. */
export async function loadSuiteVersion(packageHashes: readonly string[]) {
  const rows = await db().package.findMany({ where: { hash: { in: [...packageHashes] } }, select: { hash: true, familyId: true, frozenAt: true, content: true } });
  const packages = new Map<string, { familyId: string; content: TGradablePackage }>();
  for (const hash of packageHashes) {
    const row = rows.find((r) => r.hash === hash);
    if (!row) throw new AppError("INVALID_INPUT", `No package has the hash ${hash}.`, { fieldErrors: { packageHashes: [`unknown package ${hash}`] } });
    if (!row.frozenAt) throw new AppError("INVALID_INPUT", `Package ${hash} is not frozen; evaluations run on frozen packages only.`, { fieldErrors: { packageHashes: [`not frozen: ${hash}`] } });
    const content = ZGradablePackageSchema.safeParse(row.content);
    if (!content.success) throw new AppError("UNPROCESSABLE", `Package ${hash} does not hold a verifier and histories to grade with.`);
    packages.set(hash, { familyId: row.familyId, content: content.data });
  }
  const instances = new Map<string, TInstance>();
  for (const [hash, { content }] of packages) for (const i of instancesOf(content, hash)) instances.set(i.instanceId, i);
  return { packages, instances, resolve: (id: string) => instances.get(id) ?? null };
}
