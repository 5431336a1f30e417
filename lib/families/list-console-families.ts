import "server-only";
import { db } from "@/lib/db";
import type { TStageKey } from "@/lib/gates/stages";
import { familyFingerprints } from "./family-fingerprint";
import { getGateReport } from "./get-gate-report";

/**
 * Every family with the stage it is really at: the open stage of its computed
 * gate report (null once every gate is green), never a stored column.
 */
export async function listConsoleFamilies(): Promise<{ id: string; title: string; suiteName: string; openStage: TStageKey | null }[]> {
  const families = await db().taskFamily.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, title: true, suite: { select: { name: true } } },
  });
  const fingerprints = await familyFingerprints(families.map((f) => f.id)); // one statement for all
  const reports = await Promise.all(families.map((f) => getGateReport(f.id, fingerprints.get(f.id))));
  return families.map((f, i) => ({ id: f.id, title: f.title, suiteName: f.suite.name, openStage: reports[i]!.openStage }));
}
