import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";

/**
 * The counterfactual a run executes. The run is queued before its row is linked to it (the link
 * needs the run's id), so a worker may claim it first: the run's request key names the row too
 * (request-counterfactuals.ts), and is read when the link is not there yet.
 */
export async function findCounterfactualByRun(runId: string) {
  const linked = await db().oracleCounterfactual.findUnique({ where: { runId } });
  if (linked) return linked;
  const run = await db().run.findUnique({ where: { id: runId }, select: { familyId: true, requestKey: true } });
  const prefix = run ? `${run.familyId}:counterfactual:` : null;
  if (!run || !prefix || !run.requestKey.startsWith(prefix)) return null;
  return db().oracleCounterfactual.findFirst({ where: { id: run.requestKey.slice(prefix.length), familyId: run.familyId } });
}

/** Links each counterfactual to the run that executes it (written once the runs exist). */
export async function linkCounterfactualRuns(links: { id: string; runId: string }[]) {
  await db().$transaction(links.map((l) => db().oracleCounterfactual.update({ where: { id: l.id }, data: { runId: l.runId } })));
}

export async function recordCounterfactual(id: string, result: { outcome: string; failedProbeTestIds: string[]; message: string }) {
  await db().$transaction(async (tx) => {
    const row = await tx.oracleCounterfactual.update({ where: { id }, data: result });
    await recordEvent(tx, { actorId: null, action: "oracle_counterfactual.record", entity: "OracleCounterfactual", entityId: id, familyId: row.familyId, after: result });
  });
}
