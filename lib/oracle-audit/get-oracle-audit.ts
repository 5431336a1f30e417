import "server-only";
import { db } from "@/lib/db";
import type { THiddenDependencyDto, TListedDependencyDto, TOracleAuditDto, TOracleFindingDto } from "@/lib/oracle-audit/oracle-audit-dto";
import { counterfactualSummary } from "@/lib/oracle-audit/counterfactual";
import { loadOracleAuditFacts } from "./load-oracle-facts";
import { revisionIdOfKey } from "./revision-keys";
import type { TAuditSummary } from "./save-oracle-audit";

/** The findings page: the latest audit, by history, every dependency with its class and reason, each hidden one with its counterfactual. */
export async function getOracleAudit(familyId: string): Promise<TOracleAuditDto> {
  const [audit, facts, lastRun, waivers] = await Promise.all([
    db().oracleAudit.findFirst({
      where: { familyId }, orderBy: { createdAt: "desc" },
      include: { findings: { orderBy: [{ category: "asc" }, { kind: "asc" }, { name: "asc" }] }, counterfactuals: true },
    }),
    loadOracleAuditFacts(familyId),
    db().run.findFirst({ where: { familyId, kind: "oracle_audit", requestKey: { contains: ":oracle_audit:static:" } }, orderBy: { createdAt: "desc" }, select: { message: true, status: true } }),
    db().oracleWaiver.findMany({ where: { familyId }, orderBy: { createdAt: "asc" } }),
  ]);
  const histories = await db().history.findMany({ where: { familyId }, select: { id: true, condition: true } });
  const conditionOfHistory = new Map(histories.map((h) => [h.id, h.condition]));
  const base = {
    waivers: waivers.map((w) => ({ id: w.id, name: w.name, dependencyKey: w.dependencyKey, history: w.historyId ? (conditionOfHistory.get(w.historyId) ?? null) : null, rationale: w.rationale, createdAt: w.createdAt.toISOString() })),
    running: facts.running,
    // A failure of the current content's run is what the curator must read, even beside a later run of other content.
    lastRunMessage: (!facts.running && facts.lastRunFailure) || (lastRun?.message ?? null),
    lastRunFailed: Boolean(facts.lastRunFailure) && !facts.running,
  };
  if (!audit) return { audit: null, ...base };
  const revisions = await db().historyRevision.findMany({ where: { history: { familyId } }, select: { id: true, number: true } });
  const currentIds = new Set(facts.currentRevisionKeys.map(revisionIdOfKey));
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
  const summary = audit.summary as TAuditSummary;
  const historyRows = (summary.histories ?? []).map((h) => ({
    revisionId: h.revisionId,
    condition: h.condition,
    number: revisions.find((r) => r.id === h.revisionId)?.number ?? null,
    current: currentIds.has(h.revisionId),
    textChanged: currentIds.has(h.revisionId) && !facts.currentRevisionKeys.includes(audit.revisionKeys.find((k) => revisionIdOfKey(k) === h.revisionId) ?? ""),
    reused: h.reused ?? false,
    counts: h.counts,
    findings: audit.findings.filter((f) => f.historyRevisionId === h.revisionId).map(dto),
    listing: (h.listing ?? []) as TListedDependencyDto[],
  }));
  // Resolve once: each hidden dependency of the current histories, with every history it is hidden in.
  const hidden = new Map<string, THiddenDependencyDto>();
  for (const f of audit.findings.filter((x) => x.category === "hidden" && x.historyRevisionId && historyRows.some((h) => h.current && h.revisionId === x.historyRevisionId))) {
    const h = historyRows.find((x) => x.revisionId === f.historyRevisionId)!;
    const d = dto(f);
    const entry = hidden.get(f.dependencyKey) ?? { dependencyKey: f.dependencyKey, kind: f.kind, name: f.name, blocking: false, finding: d, histories: [], probeTestIds: [] };
    if (entry.finding.resolution !== null && d.resolution === null) entry.finding = d;
    entry.histories.push({ condition: h.condition, revisionId: h.revisionId, findingId: f.id, version: f.version, resolution: d.resolution });
    entry.probeTestIds = [...new Set([...entry.probeTestIds, ...f.probeTestIds])];
    entry.blocking = entry.probeTestIds.length > 0 || facts.probeCount === 0;
    hidden.set(f.dependencyKey, entry);
  }
  const staleReason = facts.lastRunFailure && !facts.running ? `the latest audit run failed: ${facts.lastRunFailure}`
    : !facts.audit?.goldCurrent ? "gold, the hidden tests, the probes or the base's calibration run changed since"
    : historyRows.some((h) => !h.current || h.textChanged) || facts.currentRevisionKeys.some((k) => !audit.revisionKeys.includes(k)) ? "a history's text changed since"
    : null;
  const cfStats = counterfactualSummary(audit.counterfactuals.map((c) => ({ outcome: c.outcome, predicted: c.predictedProbeTestIds, failed: c.failedProbeTestIds })));
  return {
    audit: {
      id: audit.id,
      createdAt: audit.createdAt.toISOString(),
      current: staleReason === null,
      staleReason,
      dependencies: summary.dependencies ?? 0,
      histories: historyRows,
      hidden: [...hidden.values()].map((d) => ({ ...d, histories: d.histories.sort((a, b) => a.condition.localeCompare(b.condition)) })).sort((a, b) => Number(b.blocking) - Number(a.blocking) || a.name.localeCompare(b.name)),
      notAudited: audit.findings.filter((f) => f.category === "not_audited").map(dto),
      counterfactuals: { ...cfStats, pending: audit.counterfactuals.filter((c) => c.outcome === null).length },
    },
    ...base,
  };
}
