import "server-only";
import { db } from "@/lib/db";
import type { RunStatus } from "@/lib/db/generated/client";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { enqueueRuns } from "@/lib/jobs/enqueue-runs";
import { requestSingleRun } from "@/lib/runs/request-runs";
import { ORACLE_ANALYZER_VERSION } from "@/lib/oracle-audit/analyzer-version";
import { AUDIT_CONTENT_SELECT, auditRequestKey } from "./revision-keys";

const ENDED_WITHOUT_AUDIT: RunStatus[] = ["timeout", "infrastructure_error", "patch_apply_failed", "empty_collection", "cancelled", "failed"];

/**
 * Queues the static audit of the family as it stands: the request key is the content
 * (gold, hidden tests, probes, the text of the current revisions) and the analyzer's
 * version, so asking twice runs it once, sending unchanged text to review asks for nothing,
 * and a changed analyzer audits again. A run of the same content that ended without an
 * audit is run again (a new attempt), so "Run the audit" after a failure does something.
 */
export async function requestOracleAudit(actorId: string | null, familyId: string) {
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: { ...AUDIT_CONTENT_SELECT, frozen: true } });
  if (!family) throw notFound("Task family", familyId);
  // A frozen family's audit is part of its package: asking again is refused (409, naming the package), not a silent no-op.
  // (Not lib/family-guard/access's assertNotFrozen: that module is server-only, and scripts/start.ts audits the demo outside Next.)
  if (family.frozen) {
    const frozen = await db().package.findFirst({ where: { familyId, frozenAt: { not: null } }, orderBy: { frozenAt: "asc" }, select: { hash: true } });
    throw new AppError("CONFLICT", `This task family is frozen${frozen ? ` in package ${frozen.hash}` : ""}; its audit cannot run again. Open a new version to change it.`, { current: { packageHash: frozen?.hash ?? null } });
  }
  if (!family.patches[0]) throw new AppError("UNPROCESSABLE", "Add the gold patch before auditing: the audit compares what gold defines with what the histories state.");
  if (!family.verifier?.hiddenTestPatch.trim()) throw new AppError("UNPROCESSABLE", "Write the verifier's hidden tests before auditing: their dependencies are what the audit reads.");
  const requestKey = auditRequestKey(familyId, ORACLE_ANALYZER_VERSION, family);
  const rerun = await db().$transaction(async (tx) => {
    const failed = await tx.run.findFirst({ where: { requestKey, status: { in: ENDED_WITHOUT_AUDIT } }, select: { id: true, attempt: true, status: true } });
    if (!failed) return null;
    const { count } = await tx.run.updateMany({
      where: { id: failed.id, status: failed.status },
      data: { status: "queued", message: null, workerId: null, version: { increment: 1 } },
    });
    if (count === 0) return null;
    await recordEvent(tx, { actorId, action: "oracle_audit.rerun", entity: "Run", entityId: failed.id, familyId, before: { status: failed.status }, after: { status: "queued" } });
    return failed;
  });
  if (rerun) {
    await enqueueRuns([{ id: rerun.id, attempt: rerun.attempt + 1 }]);
    return { batchId: null, requested: 1, created: 1, requeued: 1, reused: 0 };
  }
  return requestSingleRun(actorId, familyId, "oracle_audit", requestKey.slice(`${familyId}:oracle_audit:`.length));
}
