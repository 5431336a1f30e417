import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";

export function findCounterfactualByRun(runId: string) {
  return db().oracleCounterfactual.findUnique({ where: { runId } });
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
