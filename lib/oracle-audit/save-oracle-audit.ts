import "server-only";
import { db, Prisma } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import type { TFamilyAudit } from "@/lib/oracle-audit/findings";
import type { TListedDependency } from "@/lib/oracle-audit/dependency-listing";
import { storableJson, storableText } from "./storable";
import { waiverFor } from "./waivers";

export type TCounterfactualDraft = {
  dependencyKey: string; mutation: string; patch: string; predictedProbeTestIds: string[]; outcome: string | null; message: string | null; failedProbeTestIds?: string[];
};

/** What an audit row's summary holds: enough to reuse a history's result and to list every dependency. */
export type TAuditSummary = {
  analyzer?: number;
  probesHash?: string;
  /** The calibration run of the base whose failures the dynamic literal rule read (null: none yet). */
  baseRunId?: string | null;
  dependencies?: number;
  notAudited?: { file: string; reason: string }[];
  histories?: { revisionId: string; historyId?: string; condition: string; textHash?: string; counts: Record<string, number>; listing?: TListedDependency[]; reused?: boolean }[];
};

/**
 * Stores one static audit: its findings per history revision and the counterfactuals
 * to run. A retried run replaces what its earlier attempt wrote. A lead's waiver of the
 * dependency (for every history, or for this revision's history) resolves the new finding;
 * every string is made storable first (a repository may hold U+0000 or lone surrogates).
 */
export async function saveOracleAudit(input: {
  familyId: string;
  runId: string;
  goldHash: string;
  probesHash: string;
  analyzer: number;
  baseRunId?: string | null;
  revisionKeys: string[];
  histories: { revisionId: string; historyId: string; textHash: string; reused: boolean }[];
  audit: TFamilyAudit;
  listing: ReadonlyMap<string, TListedDependency[]>;
  counterfactuals: TCounterfactualDraft[];
}) {
  return db().$transaction(async (tx) => {
    await tx.oracleAudit.deleteMany({ where: { runId: input.runId } });
    const waivers = await tx.oracleWaiver.findMany({ where: { familyId: input.familyId } });
    // Waivers given per finding before waivers were resolved once (the revision's own).
    const legacy = await tx.oracleFinding.findMany({
      where: { familyId: input.familyId, resolution: "waived", historyRevisionId: { in: input.histories.map((h) => h.revisionId) } },
      orderBy: { resolvedAt: "desc" },
      select: { historyRevisionId: true, dependencyKey: true, rationale: true, resolvedById: true, resolvedAt: true },
    });
    const historyOf = new Map(input.histories.map((h) => [h.revisionId, h]));
    const waiverOf = (revisionId: string | null, key: string) => {
      const w = waiverFor(waivers, key, revisionId ? (historyOf.get(revisionId)?.historyId ?? null) : null);
      if (w) return { rationale: w.rationale, resolvedById: w.createdById, resolvedAt: w.createdAt };
      return legacy.find((l) => l.historyRevisionId === revisionId && l.dependencyKey === key) ?? null;
    };
    const summary: TAuditSummary = storableJson({
      analyzer: input.analyzer,
      probesHash: input.probesHash,
      baseRunId: input.baseRunId ?? null,
      dependencies: input.audit.dependencies,
      notAudited: input.audit.notAudited,
      histories: input.audit.histories.map((h) => ({
        revisionId: h.revisionId, historyId: historyOf.get(h.revisionId)?.historyId, condition: h.condition, textHash: historyOf.get(h.revisionId)?.textHash,
        counts: h.counts, listing: input.listing.get(h.revisionId) ?? [], reused: historyOf.get(h.revisionId)?.reused ?? false,
      })),
    });
    const audit = await tx.oracleAudit.create({
      data: { familyId: input.familyId, runId: input.runId, goldHash: input.goldHash, probesHash: input.probesHash, revisionKeys: input.revisionKeys, summary: summary as unknown as Prisma.InputJsonValue },
    });
    const rows: Prisma.OracleFindingCreateManyInput[] = input.audit.histories.flatMap((h) =>
      h.findings.map((f) => {
        const key = storableText(f.dependencyKey);
        const waiver = waiverOf(h.revisionId, key);
        return {
          familyId: input.familyId, auditId: audit.id, historyRevisionId: h.revisionId, category: "hidden", kind: f.kind, dependencyKey: key,
          name: storableText(f.name), module: f.module === null ? null : storableText(f.module), reason: storableText(f.reason), buildUnit: storableText(f.buildUnit),
          scope: f.scope, probeTestIds: f.probeTestIds.map(storableText), evidence: storableJson(f.evidence) as Prisma.InputJsonValue, addendum: storableText(f.addendum),
          ...(waiver ? { resolved: true, resolution: "waived", rationale: waiver.rationale, resolvedById: waiver.resolvedById, resolvedAt: waiver.resolvedAt } : {}),
        };
      }),
    );
    // A file the audit cannot read blocks every history alike: one finding, no revision.
    for (const n of input.audit.notAudited) {
      const file = storableText(n.file);
      const key = `file::${file}`;
      const waiver = waiverOf(null, key);
      rows.push({
        familyId: input.familyId, auditId: audit.id, historyRevisionId: null, category: "not_audited", kind: "file", dependencyKey: key,
        name: file, module: null, reason: storableText(n.reason), buildUnit: file, scope: "unit", probeTestIds: [], evidence: { file } as Prisma.InputJsonValue, addendum: "",
        ...(waiver ? { resolved: true, resolution: "waived", rationale: waiver.rationale, resolvedById: waiver.resolvedById, resolvedAt: waiver.resolvedAt } : {}),
      });
    }
    await tx.oracleFinding.createMany({ data: rows });
    await tx.oracleCounterfactual.createMany({
      data: input.counterfactuals.map((c) => ({
        familyId: input.familyId, auditId: audit.id, dependencyKey: storableText(c.dependencyKey), mutation: storableText(c.mutation), patch: storableText(c.patch),
        predictedProbeTestIds: c.predictedProbeTestIds.map(storableText), failedProbeTestIds: (c.failedProbeTestIds ?? []).map(storableText),
        outcome: c.outcome, message: c.message === null ? null : storableText(c.message),
      })),
      skipDuplicates: true,
    });
    await recordEvent(tx, {
      actorId: null, action: "oracle_audit.record", entity: "OracleAudit", entityId: audit.id, familyId: input.familyId,
      after: {
        runId: input.runId, findings: rows.length, hidden: rows.length - input.audit.notAudited.length, notAudited: input.audit.notAudited.length,
        counterfactuals: input.counterfactuals.length, reusedHistories: input.histories.filter((h) => h.reused).length,
      },
    });
    return tx.oracleCounterfactual.findMany({ where: { auditId: audit.id, outcome: null }, select: { id: true, dependencyKey: true } });
  });
}
