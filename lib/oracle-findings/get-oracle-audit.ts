import "server-only";
import { db } from "@/lib/db";
import type { TOracleAuditDto, TOracleFindingDto } from "@/lib/schemas/oracle-audit";
import { counterfactualSummary } from "@/lib/oracle-audit/counterfactual";
import { loadOracleAuditFacts } from "./load-oracle-facts";

/** The findings page: the latest audit, by history, each finding with its counterfactual. */
export async function getOracleAudit(familyId: string): Promise<TOracleAuditDto> {
  const [audit, facts, lastRun] = await Promise.all([
    db().oracleAudit.findFirst({
      where: { familyId }, orderBy: { createdAt: "desc" },
      include: { findings: { orderBy: [{ category: "asc" }, { kind: "asc" }, { name: "asc" }] }, counterfactuals: true },
    }),
    loadOracleAuditFacts(familyId),
    db().run.findFirst({ where: { familyId, kind: "oracle_audit", requestKey: { contains: ":oracle_audit:static:" } }, orderBy: { createdAt: "desc" }, select: { message: true, status: true } }),
  ]);
  if (!audit) return { audit: null, running: facts.running, lastRunMessage: lastRun?.message ?? null };
  const revisions = await db().historyRevision.findMany({
    where: { history: { familyId } }, select: { id: true, number: true, history: { select: { condition: true } } },
  });
  const currentIds = new Set(facts.currentRevisionKeys.map((k) => k.split("@")[0]));
  const cfByKey = new Map(audit.counterfactuals.map((c) => [c.dependencyKey, c]));
  const dto = (f: (typeof audit.findings)[number]): TOracleFindingDto => {
    const cf = cfByKey.get(f.dependencyKey);
    return {
      id: f.id, version: f.version, category: f.category === "not_audited" ? "not_audited" : "hidden", kind: f.kind, name: f.name, module: f.module,
      reason: f.reason, buildUnit: f.buildUnit, scope: f.scope === "test" ? "test" : "unit", probeTestIds: f.probeTestIds,
      evidence: (f.evidence ?? {}) as TOracleFindingDto["evidence"], addendum: f.addendum, rationale: f.rationale,
      resolution: f.resolution === "waived" || f.resolution === "addendum" ? f.resolution : null,
      counterfactual: cf ? { outcome: cf.outcome, mutation: cf.mutation, failed: cf.failedProbeTestIds.length, predicted: cf.predictedProbeTestIds.length, message: cf.message } : null,
    };
  };
  const summary = audit.summary as { dependencies?: number; histories?: { revisionId: string; condition: string; counts: Record<string, number> }[] };
  const cfStats = counterfactualSummary(audit.counterfactuals.map((c) => ({ outcome: c.outcome, predicted: c.predictedProbeTestIds, failed: c.failedProbeTestIds })));
  return {
    audit: {
      id: audit.id,
      createdAt: audit.createdAt.toISOString(),
      current: facts.audit !== null && facts.audit.goldCurrent && facts.currentRevisionKeys.every((k) => audit.revisionKeys.includes(k)),
      dependencies: summary.dependencies ?? 0,
      histories: (summary.histories ?? []).map((h) => ({
        revisionId: h.revisionId,
        condition: h.condition,
        number: revisions.find((r) => r.id === h.revisionId)?.number ?? null,
        current: currentIds.has(h.revisionId),
        counts: h.counts,
        findings: audit.findings.filter((f) => f.historyRevisionId === h.revisionId).map(dto),
      })),
      notAudited: audit.findings.filter((f) => f.category === "not_audited").map(dto),
      counterfactuals: { ...cfStats, pending: audit.counterfactuals.filter((c) => c.outcome === null).length },
    },
    running: facts.running,
    lastRunMessage: lastRun?.message ?? null,
  };
}
