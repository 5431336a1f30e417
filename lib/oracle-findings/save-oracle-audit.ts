import { db, Prisma } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import type { TFamilyAudit } from "@/lib/oracle-audit/findings";

export type TCounterfactualDraft = { dependencyKey: string; mutation: string; patch: string; predictedProbeTestIds: string[]; outcome: string | null; message: string | null };

/**
 * Stores one static audit: its findings per history revision and the counterfactuals
 * to run. A retried run replaces what its earlier attempt wrote. A lead's waiver of the
 * same dependency in the same revision carries over to the new finding.
 */
export async function saveOracleAudit(input: {
  familyId: string;
  runId: string;
  goldHash: string;
  revisionKeys: string[];
  audit: TFamilyAudit;
  counterfactuals: TCounterfactualDraft[];
}) {
  return db().$transaction(async (tx) => {
    await tx.oracleAudit.deleteMany({ where: { runId: input.runId } });
    const waived = await tx.oracleFinding.findMany({
      where: { familyId: input.familyId, resolution: "waived" },
      orderBy: { resolvedAt: "desc" },
      select: { historyRevisionId: true, dependencyKey: true, rationale: true, resolvedById: true, resolvedAt: true },
    });
    const waiverOf = (revisionId: string | null, key: string) => waived.find((w) => w.historyRevisionId === revisionId && w.dependencyKey === key);
    const summary = {
      dependencies: input.audit.dependencies,
      notAudited: input.audit.notAudited,
      histories: input.audit.histories.map((h) => ({ revisionId: h.revisionId, condition: h.condition, counts: h.counts })),
    };
    const audit = await tx.oracleAudit.create({
      data: { familyId: input.familyId, runId: input.runId, goldHash: input.goldHash, revisionKeys: input.revisionKeys, summary: summary as unknown as Prisma.InputJsonValue },
    });
    const rows: Prisma.OracleFindingCreateManyInput[] = input.audit.histories.flatMap((h) =>
      h.findings.map((f) => {
        const waiver = waiverOf(h.revisionId, f.dependencyKey);
        return {
          familyId: input.familyId, auditId: audit.id, historyRevisionId: h.revisionId, category: "hidden", kind: f.kind, dependencyKey: f.dependencyKey,
          name: f.name, module: f.module, reason: f.reason, buildUnit: f.buildUnit, scope: f.scope, probeTestIds: f.probeTestIds,
          evidence: f.evidence as Prisma.InputJsonValue, addendum: f.addendum,
          ...(waiver ? { resolved: true, resolution: "waived", rationale: waiver.rationale, resolvedById: waiver.resolvedById, resolvedAt: waiver.resolvedAt } : {}),
        };
      }),
    );
    // A file the audit cannot read blocks every history alike: one finding, no revision.
    for (const n of input.audit.notAudited) {
      const key = `file::${n.file}`;
      const waiver = waiverOf(null, key);
      rows.push({
        familyId: input.familyId, auditId: audit.id, historyRevisionId: null, category: "not_audited", kind: "file", dependencyKey: key,
        name: n.file, module: null, reason: n.reason, buildUnit: n.file, scope: "unit", probeTestIds: [], evidence: { file: n.file } as Prisma.InputJsonValue, addendum: "",
        ...(waiver ? { resolved: true, resolution: "waived", rationale: waiver.rationale, resolvedById: waiver.resolvedById, resolvedAt: waiver.resolvedAt } : {}),
      });
    }
    await tx.oracleFinding.createMany({ data: rows });
    await tx.oracleCounterfactual.createMany({
      data: input.counterfactuals.map((c) => ({ familyId: input.familyId, auditId: audit.id, ...c, failedProbeTestIds: [] })),
    });
    await recordEvent(tx, {
      actorId: null, action: "oracle_audit.record", entity: "OracleAudit", entityId: audit.id, familyId: input.familyId,
      after: { runId: input.runId, findings: rows.length, hidden: rows.length - input.audit.notAudited.length, notAudited: input.audit.notAudited.length, counterfactuals: input.counterfactuals.length },
    });
    return tx.oracleCounterfactual.findMany({ where: { auditId: audit.id, outcome: null }, select: { id: true, dependencyKey: true } });
  });
}
