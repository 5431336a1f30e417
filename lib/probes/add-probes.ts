import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { AppError, notFound } from "@/lib/errors/app-error";
import type { TAddProbes } from "@/lib/schemas/probes";
import { loadCollectedOutcomes, probeSelect, toProbeDto } from "./list-probes";

/** Up to this many new probes get one audit event each; a bulk accept (a real suite's guards) gets one event listing them. */
const EVENT_PER_PROBE_UP_TO = 100;

/**
 * Adds probes picked from the verifier's collected tests. An id that the collect job did
 * not report is refused: a probe that collects no test would fail closed at calibration,
 * and a parameterized test is only real under its expanded ids. Guards (`kind: "guard"`,
 * PASS_TO_PASS) must pass with gold where collection recorded an outcome: a guard failing
 * on gold would fail every calibration.
 */
export async function addProbes(actorId: string, familyId: string, input: TAddProbes) {
  return db().$transaction(async (tx) => {
    const family = await tx.taskFamily.findUnique({ where: { id: familyId }, select: { frozen: true, verifier: { select: { collectedTests: true, sharedTestIds: true } } } });
    if (!family) throw notFound("Task family", familyId);
    await assertNotFrozen(family.frozen, familyId);
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
    const kind = input.kind ?? "probe";
    if (kind === "guard") {
      const outcomes = await loadCollectedOutcomes(familyId);
      const failing = fresh.filter((id) => outcomes[id] !== undefined && outcomes[id]!.gold !== "pass");
      if (failing.length > 0) {
        throw new AppError("UNPROCESSABLE", `${failing.slice(0, 5).map((id) => `“${id}”`).join(", ")}${failing.length > 5 ? ` and ${failing.length - 5} more` : ""} did not pass with gold when collected: a guard test must pass on gold and every alternative.`, {
          fieldErrors: { testIds: failing.slice(0, 50).map((id) => `${id}: ${outcomes[id]!.gold} with gold`) },
        });
      }
    }
    // In slices: one INSERT for a real suite's thousands of guards would pass PostgreSQL's parameter limit.
    const data = fresh.map((testId) => ({ familyId, testId, kind, position: ++position }));
    for (let i = 0; i < data.length; i += 2000) await tx.probe.createMany({ data: data.slice(i, i + 2000) });
    const freshIds = new Set(fresh);
    const rows = (await tx.probe.findMany({ where: { familyId }, select: probeSelect, orderBy: { position: "asc" } })).filter((p) => freshIds.has(p.testId));
    const created = rows.map(toProbeDto);
    if (rows.length <= EVENT_PER_PROBE_UP_TO) {
      for (const probe of rows) {
        await recordEvent(tx, { actorId, action: "probe.create", entity: "Probe", entityId: probe.id, familyId, after: { testId: probe.testId, kind, position: probe.position, ...(sharedIds.has(probe.testId) && input.acceptShared ? { sharedAccepted: input.acceptShared.reason } : {}) } });
      }
    } else {
      await recordEvent(tx, { actorId, action: "probe.create_many", entity: "TaskFamily", entityId: familyId, familyId, after: { kind, count: rows.length, testIds: rows.map((p) => p.testId) } });
    }
    return { created, alreadyProbes: wanted.filter((id) => have.has(id)) };
  });
}
