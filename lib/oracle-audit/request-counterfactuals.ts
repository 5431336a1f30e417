import "server-only";
import { db } from "@/lib/db";
import { requestRuns } from "@/lib/runs/request-runs";
import { linkCounterfactualRuns } from "./record-counterfactual";

/**
 * One `counterfactual` run per counterfactual the audit left undecided, requested like every run
 * (lib/runs/request-runs.ts: one key per counterfactual row, so asking twice reuses the run) and linked
 * to its row, which is what the run executes.
 */
export async function requestCounterfactualRuns(familyId: string, pending: readonly { id: string }[]) {
  if (pending.length === 0) return { requested: 0 };
  // The key names the row: a worker that claims the run before the link below is written finds it so (findCounterfactualByRun).
  const keys = pending.map((p) => ({ id: p.id, requestKey: `${familyId}:counterfactual:${p.id}` }));
  await requestRuns(null, familyId, keys.map((k) => ({ kind: "counterfactual" as const, patchRole: null, patchId: null, historyRevisionId: null, repeat: 0, requestKey: k.requestKey })));
  const runs = await db().run.findMany({ where: { requestKey: { in: keys.map((k) => k.requestKey) } }, select: { id: true, requestKey: true } });
  await linkCounterfactualRuns(keys.map((k) => ({ id: k.id, runId: runs.find((r) => r.requestKey === k.requestKey)!.id })));
  return { requested: keys.length };
}
