import "server-only";
import { db } from "@/lib/db";
import { getGateReport } from "@/lib/families/get-gate-report";
import type { TGate, TGateStatus } from "@/lib/gates/types";

export type TReconciliationStatus = {
  /** The reconciliation gates' own verdict, whatever the earlier stage says. */
  status: TGateStatus;
  gates: TGate[];
  /** The stage waits on source anchoring (the dashboard shows it pending until that is green). */
  locked: boolean;
  lockedBy: string | null;
  /** Probes whose test the last collect job no longer found. */
  staleProbes: string[];
};

const worst = (statuses: TGateStatus[]): TGateStatus =>
  statuses.includes("fail") ? "fail" : statuses.includes("pending") ? "pending" : "pass";

/** The reconciliation stage of the family's gate report, as the atoms page shows it. */
export async function reconciliationStatus(familyId: string): Promise<TReconciliationStatus> {
  const [report, stale] = await Promise.all([
    getGateReport(familyId),
    db().probe.findMany({ where: { familyId, stale: true }, select: { testId: true }, orderBy: { position: "asc" } }),
  ]);
  const stage = report.stages.find((s) => s.stage === "reconciliation");
  const gates = stage?.gates ?? [];
  const staleProbes = stale.map((p) => p.testId);
  const all = gates;
  return {
    status: worst(all.map((g) => g.status)),
    gates: all,
    locked: stage?.locked ?? false,
    lockedBy: stage?.locked ? stage.missing : null,
    staleProbes,
  };
}
