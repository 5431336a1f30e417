import crypto from "node:crypto";
import { db } from "@/lib/db";
import { AppError, notFound } from "@/lib/errors/app-error";
import { requestSingleRun } from "@/lib/runs/request-runs";
import { ORACLE_ANALYZER_VERSION } from "@/lib/oracle-audit/analyzer-version";

/**
 * Queues the static audit of the family as it stands: the request key is the content
 * (gold, hidden tests, probes, current revisions) and the analyzer's version, so asking twice
 * runs it once, and a changed analyzer audits again.
 */
export async function requestOracleAudit(actorId: string | null, familyId: string) {
  const family = await db().taskFamily.findUnique({
    where: { id: familyId },
    select: {
      patches: { where: { kind: "gold" }, select: { diff: true }, take: 1 },
      verifier: { select: { hiddenTestPatch: true } },
      probes: { select: { testId: true }, orderBy: { position: "asc" } },
      histories: { select: { revisions: { orderBy: { number: "desc" }, take: 1, select: { id: true, version: true } } } },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  if (!family.patches[0]) throw new AppError("UNPROCESSABLE", "Add the gold patch before auditing: the audit compares what gold defines with what the histories state.");
  if (!family.verifier?.hiddenTestPatch.trim()) throw new AppError("UNPROCESSABLE", "Write the verifier's hidden tests before auditing: their dependencies are what the audit reads.");
  const content = [
    `analyzer ${ORACLE_ANALYZER_VERSION}`, family.patches[0].diff, family.verifier.hiddenTestPatch, family.probes.map((p) => p.testId).join("\n"),
    family.histories.flatMap((h) => h.revisions.map((r) => `${r.id}@${r.version}`)).sort().join(","),
  ].join("\0");
  const key = crypto.createHash("sha256").update(content).digest("hex").slice(0, 24);
  return requestSingleRun(actorId, familyId, "oracle_audit", `static:${key}`);
}
