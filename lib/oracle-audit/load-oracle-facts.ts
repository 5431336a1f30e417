import "server-only";
import { db } from "@/lib/db";
import type { TOracleAuditFacts } from "@/lib/gates/oracle-audit-facts";
import { ORACLE_ANALYZER_VERSION } from "@/lib/oracle-audit/analyzer-version";
import { AUDIT_CONTENT_SELECT, auditRequestKey, goldHashOf, probesHashOf, revisionIdOfKey, revisionKey } from "./revision-keys";

const STATIC = { kind: "oracle_audit" as const, requestKey: { contains: ":oracle_audit:static:" } };

/**
 * The audit facts the stage-5 gate reads: the latest static audit against the current
 * revisions (by the text the audit reads), gold, hidden tests and probes; and whether the
 * audit run of the content as it stands failed, so an older audit is never silently the latest word.
 */
export async function loadOracleAuditFacts(familyId: string): Promise<TOracleAuditFacts> {
  const [family, audit, running, runs] = await Promise.all([
    db().taskFamily.findUniqueOrThrow({
      where: { id: familyId },
      select: AUDIT_CONTENT_SELECT,
    }),
    db().oracleAudit.findFirst({
      where: { familyId },
      orderBy: { createdAt: "desc" },
      select: {
        runId: true, revisionKeys: true, goldHash: true, probesHash: true,
        findings: { select: { historyRevisionId: true, category: true, kind: true, name: true, buildUnit: true, probeTestIds: true, resolution: true, reason: true } },
      },
    }),
    db().run.count({ where: { familyId, ...STATIC, status: { in: ["queued", "running"] } } }),
    db().run.findMany({ where: { familyId, ...STATIC }, orderBy: { createdAt: "desc" }, select: { id: true, requestKey: true, status: true, message: true } }),
  ]);
  // The run of the content as it stands decides; without one, the latest run (a failure since changed content still says so).
  const lastRun = runs.find((r) => r.requestKey === auditRequestKey(familyId, ORACLE_ANALYZER_VERSION, family)) ?? runs[0] ?? null;
  const currentRevisionKeys = family.histories.flatMap((h) => h.revisions.map((r) => revisionKey(r.id, r.turns)));
  const current = new Set(currentRevisionKeys.map(revisionIdOfKey));
  const goldHash = goldHashOf(family.verifier?.hiddenTestPatch ?? "", family.patches[0]?.diff ?? "");
  const failed = lastRun && !["passed", "queued", "running"].includes(lastRun.status) && lastRun.id !== audit?.runId;
  return {
    currentRevisionKeys,
    audit: audit ? {
      revisionKeys: audit.revisionKeys,
      goldCurrent: audit.goldHash === goldHash && (audit.probesHash === "" || audit.probesHash === probesHashOf(family.probes.map((p) => p.testId), family.runs[0]?.id ?? null)),
    } : null,
    running: running > 0,
    probeCount: family.probes.length,
    lastRunFailure: failed ? (lastRun.message ?? `the run ended ${lastRun.status}`) : null,
    findings: (audit?.findings ?? [])
      .filter((f) => f.historyRevisionId === null || current.has(f.historyRevisionId))
      .map((f) => ({
        revisionId: f.historyRevisionId, category: f.category === "not_audited" ? "not_audited" : "hidden", kind: f.kind, name: f.name, buildUnit: f.buildUnit,
        probes: f.probeTestIds.length, resolution: f.resolution === "waived" || f.resolution === "addendum" ? f.resolution : null, reason: f.reason,
      })),
  };
}
