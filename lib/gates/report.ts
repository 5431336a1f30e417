// Pure: the gate report: every stage's gates over one family's facts.
import { STAGES, type TStageKey } from "./stages";
import { anchoringGates } from "./anchoring";
import { auditGates } from "./audit";
import { calibrationGates } from "./calibration";
import { familyContext } from "./context";
import { combine, findings, settle } from "./gate";
import { oracleAuditGate } from "./oracle-audit";
import { pathGates } from "./paths";
import { reconciliationGates } from "./reconciliation";
import type { TFamilyFacts, TGate, TGateReport, TStageReport } from "./types";

function freezeGates(facts: TFamilyFacts, earlierGreen: boolean): TGate[] {
  const f = findings();
  if (facts.freeze) {
    f.evidence.push({ label: "package", detail: facts.freeze.packageHash });
    f.evidence.push({ label: "frozen", detail: `${facts.freeze.frozenAt} by ${facts.freeze.frozenBy}` });
  } else if (earlierGreen) f.waits.push("Every gate is green; a lead can freeze the package.");
  else f.waits.push("A lead can freeze the package once every earlier gate is green.");
  return [settle("freeze", "frozen", "Frozen by a lead with every gate green", f)];
}

/**
 * Facts → gate report. Pure: the dashboard, the workers and the CLI compute the
 * same report from the same facts. Stages open in order; a stage whose
 * predecessor is not green is pending and locked, though its gates are still
 * shown so the curator can see what lies ahead.
 */
export function buildGateReport(facts: TFamilyFacts): TGateReport {
  const ctx = familyContext(facts);
  /** The title of the first stage that is not green, once one is found. */
  let blocker: string | null = null;
  const gatesOf: Record<TStageKey, () => TGate[]> = {
    anchoring: () => anchoringGates(facts.anchoring, ctx.runs),
    reconciliation: () => reconciliationGates(facts),
    calibration: () => calibrationGates(ctx),
    paths: () => pathGates(ctx),
    audit: () => [...auditGates(facts), oracleAuditGate(facts)],
    freeze: () => freezeGates(facts, blocker === null),
  };
  const stages: TStageReport[] = [];
  for (const { key, label } of STAGES) {
    const gates = gatesOf[key]();
    const own = combine(gates.map((g) => g.status));
    if (blocker !== null) {
      stages.push({ stage: key, title: label, status: "pending", locked: true, missing: `Opens when ${blocker} is green.`, gates });
      continue;
    }
    const firstOpen = gates.find((g) => g.status === own);
    stages.push({ stage: key, title: label, status: own, locked: false, missing: own === "pass" ? null : (firstOpen?.missing ?? null), gates });
    if (own !== "pass") blocker = label;
  }
  const open = stages.find((s) => s.status !== "pass");
  return { status: combine(stages.map((s) => s.status)), openStage: open?.stage ?? null, stages };
}
