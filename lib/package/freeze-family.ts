import "server-only";
import { db, type Prisma } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { frozenFamily } from "@/lib/family-guard/access";
import { getGateReport } from "@/lib/families/get-gate-report";
import { UPSTREAM_REQUIRED_MESSAGE } from "@/lib/anchoring/upstream/upstream-name";
import { buildPackage } from "./build-package";
import { recordRuntimeFacts } from "./runtime-facts";
import { canonicalJson } from "./canonical";
import { packageHash } from "./hash";

/**
 * Freezes a family (lead only, every gate before freeze green): builds the package,
 * stores it under its sha256 and moves the family to `frozen` in one transaction.
 * From then on the database refuses every change to the family's rows.
 */
export async function freezeFamily(actor: { id: string; roles: readonly string[] }, familyId: string) {
  if (!actor.roles.includes("lead")) throw new AppError("FORBIDDEN", "Only a lead can freeze a task family.");
  const frozen = await db().package.findFirst({ where: { familyId, frozenAt: { not: null } }, select: { hash: true } });
  if (frozen) throw frozenFamily(frozen.hash);
  const identity = await db().taskFamily.findUnique({ where: { id: familyId }, select: { upstreamRepo: true } });
  if (!identity) throw notFound("Task family", familyId);
  if (!identity.upstreamRepo) {
    throw new AppError("UNPROCESSABLE", `The family cannot be frozen yet: ${UPSTREAM_REQUIRED_MESSAGE}`, { fieldErrors: { upstreamRepo: ["is required before freeze"] } });
  }
  const report = await getGateReport(familyId);
  const verifier = await db().verifier.findUnique({ where: { familyId }, select: { testCommand: true } });
  const runtime = await recordRuntimeFacts(verifier?.testCommand ?? "");
  const open = report.stages.find((s) => s.stage !== "freeze" && s.status !== "pass");
  if (open) throw new AppError("UNPROCESSABLE", `The family cannot be frozen yet: ${open.title} is ${open.status} — ${open.missing ?? "see the gate dashboard"}.`);

  return db().$transaction(async (tx) => {
    // Row lock: two leads freezing at once make one package.
    const [family] = await tx.$queryRaw<{ frozen: boolean; previousFamilyId: string | null }[]>`
      SELECT frozen, "previousFamilyId" FROM "TaskFamily" WHERE id = ${familyId} FOR UPDATE`;
    if (!family) throw notFound("Task family", familyId);
    if (family.frozen) {
      const existing = await tx.package.findFirst({ where: { familyId, frozenAt: { not: null } }, select: { hash: true } });
      throw frozenFamily(existing?.hash ?? null);
    }
    const previous = family.previousFamilyId
      ? await tx.package.findFirst({ where: { familyId: family.previousFamilyId, frozenAt: { not: null } }, select: { hash: true } })
      : null;
    const content = await buildPackage(tx, familyId, report, previous?.hash ?? null, runtime);
    const hash = packageHash(content);
    // Stored exactly as hashed: the canonical text parsed back (jsonb keeps values, not key order).
    const stored = JSON.parse(canonicalJson(content)) as Prisma.InputJsonObject;
    const frozenAt = new Date();
    const pkg = await tx.package.create({ data: { familyId, hash, content: stored, frozenById: actor.id, frozenAt }, select: { id: true, hash: true, frozenAt: true } });
    await tx.taskFamily.update({ where: { id: familyId }, data: { frozen: true, version: { increment: 1 } } });
    await recordEvent(tx, { actorId: actor.id, action: "package.freeze", entity: "Package", entityId: pkg.id, familyId, after: { hash, frozenAt } });
    return { id: pkg.id, hash, frozenAt: frozenAt.toISOString() };
  });
}
