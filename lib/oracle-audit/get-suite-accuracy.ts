import "server-only";
import { db } from "@/lib/db";
import { counterfactualSummary } from "@/lib/oracle-audit/counterfactual";

/** Over the latest audit of every family of a suite: the audit's precision and blast-radius accuracy as its counterfactual runs measured them; unresolved counts blocking findings only. */
export async function getSuiteOracleAccuracy(suiteId: string) {
  const families = await db().taskFamily.findMany({
    where: { suiteId },
    select: {
      oracleAudits: {
        orderBy: { createdAt: "desc" }, take: 1,
        select: { counterfactuals: { select: { outcome: true, predictedProbeTestIds: true, failedProbeTestIds: true } }, findings: { where: { category: "hidden", resolution: null, NOT: { probeTestIds: { isEmpty: true } } }, select: { id: true } } },
      },
    },
  });
  const latest = families.flatMap((f) => f.oracleAudits);
  const rows = latest.flatMap((a) => a.counterfactuals.map((c) => ({ outcome: c.outcome, predicted: c.predictedProbeTestIds, failed: c.failedProbeTestIds })));
  return {
    audited: latest.length,
    families: families.length,
    unresolved: latest.reduce((n, a) => n + a.findings.length, 0),
    refuted: rows.filter((r) => r.outcome === "refuted").length,
    wider: rows.filter((r) => r.outcome === "wider").length,
    ...counterfactualSummary(rows),
  };
}
