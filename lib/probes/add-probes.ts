import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/families/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TAddProbes } from "@/lib/schemas/probes";
import { probeSelect, toProbeDto } from "./list-probes";

/**
 * Adds probes picked from the verifier's collected tests. An id that the collect job did
 * not report is refused: a probe that collects no test would fail closed at calibration,
 * and a parameterized test is only real under its expanded ids.
 */
export async function addProbes(actorId: string, familyId: string, input: TAddProbes) {
  return db().$transaction(async (tx) => {
    const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { stage: true, verifier: { select: { collectedTests: true, sharedTestIds: true } } } });
    if (!family) throw notFound("Task family", familyId);
    await assertNotFrozen(family.stage, familyId);
    const collected = new Set(family.verifier?.collectedTests ?? []);
    const wanted = [...new Set(input.testIds)];
    const unknown = wanted.filter((id) => !collected.has(id));
    if (unknown.length > 0) {
      const message = collected.size === 0
        ? "No tests have been collected yet: run “Collect tests”, then pick probes from the collected ids."
        : `Not a collected test: ${unknown.slice(0, 5).map((id) => `“${id}”`).join(", ")}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ""}. Pick probes from the collected test ids (run “Collect tests” again if the tests changed).`;
      throw new AppError("UNPROCESSABLE", message, { fieldErrors: { testIds: unknown.map((id) => `${id}: not collected`) } });
    }
    const accepted = new Set(input.acceptShared?.testIds ?? []);
    const sharedIds = new Set(family.verifier?.sharedTestIds ?? []);
    const shared = wanted.filter((id) => sharedIds.has(id) && !accepted.has(id));
    if (shared.length > 0) {
      throw new AppError(
        "UNPROCESSABLE",
        `${shared.slice(0, 5).map((id) => `“${id}”`).join(", ")} ${shared.length === 1 ? "is" : "are"} shared by several executed tests: a probe on ${shared.length === 1 ? "it" : "one"} cannot tell them apart and passes only when all of them pass. Give each test its own name in the hidden test patch and collect again, or accept the shared id with a reason.`,
        { fieldErrors: { testIds: shared.map((id) => `${id}: several tests share this id`) } },
      );
    }
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`probes:${familyId}`}))`;
    const existing = await tx.probe.findMany({ where: { familyId }, select: { testId: true, position: true } });
    const have = new Set(existing.map((p) => p.testId));
    let position = existing.reduce((max, p) => Math.max(max, p.position), -1);
    const fresh = wanted.filter((id) => !have.has(id));
    const created = [];
    for (const testId of fresh) {
      const probe = await tx.probe.create({ data: { familyId, testId, position: ++position }, select: probeSelect });
      created.push(toProbeDto(probe));
      await recordEvent(tx, { actorId, action: "probe.create", entity: "Probe", entityId: probe.id, familyId, after: { testId, position, ...(sharedIds.has(testId) && input.acceptShared ? { sharedAccepted: input.acceptShared.reason } : {}) } });
    }
    return { created, alreadyProbes: wanted.filter((id) => have.has(id)) };
  });
}
