import "server-only";
import { db } from "@/lib/db";
import type { TOracleFindingDraft } from "@/lib/oracle-audit/findings";
import type { TCategory } from "@/lib/oracle-audit/types";
import type { TAuditSummary } from "./save-oracle-audit";
import type { TReusableHistory } from "./static-audit";

export type TReusableCounterfactual = { mutation: string; patch: string; outcome: string; failedProbeTestIds: string[]; message: string | null };

/**
 * From the family's latest audit of the same gold, hidden tests, probes and analyzer (the probes hash holds the base
 * calibration run the dynamic literal rule read: a newer base run re-judges every history): each
 * history's result by the hash of the text it read, and every decided counterfactual by
 * dependency — what a re-audit keeps instead of classifying and running again.
 */
export async function loadReusable(familyId: string, same: { goldHash: string; probesHash: string; analyzer: number }) {
  const histories = new Map<string, TReusableHistory>();
  const counterfactuals = new Map<string, TReusableCounterfactual>();
  const audit = await db().oracleAudit.findFirst({
    where: { familyId, goldHash: same.goldHash, probesHash: same.probesHash }, orderBy: { createdAt: "desc" },
    include: { findings: { where: { category: "hidden" } }, counterfactuals: { where: { outcome: { not: null } } } },
  });
  const summary = (audit?.summary ?? {}) as TAuditSummary;
  if (!audit || summary.analyzer !== same.analyzer) return { histories, counterfactuals };
  for (const h of summary.histories ?? []) {
    if (!h.textHash || !h.listing || histories.has(h.textHash)) continue;
    const findings = audit.findings.filter((f) => f.historyRevisionId === h.revisionId).map((f): TOracleFindingDraft => {
      const evidence = (f.evidence ?? {}) as TOracleFindingDraft["evidence"];
      return {
        revisionId: h.revisionId, dependencyKey: f.dependencyKey, kind: f.kind as TOracleFindingDraft["kind"], name: f.name, module: f.module, reason: f.reason,
        file: evidence.file, buildUnit: f.buildUnit, scope: f.scope === "test" ? "test" : "unit", probeTestIds: f.probeTestIds, evidence, addendum: f.addendum ?? "",
      };
    });
    histories.set(h.textHash, { counts: h.counts as Record<TCategory, number>, findings, listing: h.listing });
  }
  for (const c of audit.counterfactuals) {
    counterfactuals.set(c.dependencyKey, { mutation: c.mutation, patch: c.patch, outcome: c.outcome!, failedProbeTestIds: c.failedProbeTestIds, message: c.message });
  }
  return { histories, counterfactuals };
}
