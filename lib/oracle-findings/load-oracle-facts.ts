import crypto from "node:crypto";
import { db } from "@/lib/db";
import type { TOracleAuditFacts } from "@/lib/gates/oracle-audit-facts";

/** The audit facts the stage-5 gate reads: the latest static audit against the current revisions, gold and hidden tests. */
export async function loadOracleAuditFacts(familyId: string): Promise<TOracleAuditFacts> {
  const [family, audit, running, lastRun] = await Promise.all([
    db().taskFamily.findUniqueOrThrow({
      where: { id: familyId },
      select: {
        patches: { where: { kind: "gold" }, select: { diff: true }, take: 1 },
        verifier: { select: { hiddenTestPatch: true } },
        histories: { select: { revisions: { orderBy: { number: "desc" }, take: 1, select: { id: true, version: true } } } },
      },
    }),
    db().oracleAudit.findFirst({
      where: { familyId },
      orderBy: { createdAt: "desc" },
      select: {
        revisionKeys: true, goldHash: true,
        findings: { select: { historyRevisionId: true, category: true, kind: true, name: true, buildUnit: true, probeTestIds: true, resolution: true, reason: true } },
      },
    }),
    db().run.count({ where: { familyId, kind: "oracle_audit", status: { in: ["queued", "running"] }, requestKey: { contains: ":oracle_audit:static:" } } }),
    db().run.findFirst({ where: { familyId, kind: "oracle_audit", requestKey: { contains: ":oracle_audit:static:" } }, orderBy: { createdAt: "desc" }, select: { status: true, message: true } }),
  ]);
  const currentRevisionKeys = family.histories.flatMap((h) => h.revisions.map((r) => `${r.id}@${r.version}`));
  const current = new Set(currentRevisionKeys.map((k) => k.split("@")[0]));
  const goldHash = crypto.createHash("sha256").update(`${family.verifier?.hiddenTestPatch ?? ""}\0${family.patches[0]?.diff ?? ""}`).digest("hex");
  return {
    currentRevisionKeys,
    audit: audit ? { revisionKeys: audit.revisionKeys, goldCurrent: audit.goldHash === goldHash } : null,
    running: running > 0,
    lastRunFailure: lastRun && lastRun.status !== "passed" && lastRun.status !== "queued" && lastRun.status !== "running" ? (lastRun.message ?? lastRun.status) : null,
    findings: (audit?.findings ?? [])
      .filter((f) => f.historyRevisionId === null || current.has(f.historyRevisionId))
      .map((f) => ({
        revisionId: f.historyRevisionId, category: f.category === "not_audited" ? "not_audited" : "hidden", kind: f.kind, name: f.name, buildUnit: f.buildUnit,
        probes: f.probeTestIds.length, resolution: f.resolution === "waived" || f.resolution === "addendum" ? f.resolution : null, reason: f.reason,
      })),
  };
}
