// The `counterfactual` run kind: gold with one hidden dependency changed (the row's patch, written by the
// static audit), run over the family's probes and judged against the audit's prediction. The run loads
// its own row (OracleCounterfactual.runId); the static audit (oracle_audit.ts) only requests these runs.
import { counterfactualOutcome } from "@/lib/oracle-audit/counterfactual";
import { findCounterfactualByRun, recordCounterfactual } from "@/lib/oracle-audit/record-counterfactual";
import { executeRun } from "../../lib/runner/index";
import { EMPTY_RESULT, type Handler } from "./types";

export const handleCounterfactual: Handler = async (context, runner) => {
  const row = await findCounterfactualByRun(context.run.id);
  if (!row) return { ...EMPTY_RESULT, message: "This counterfactual run has no counterfactual to execute (its audit was replaced)." };
  const result = await executeRun({ ...context.execute, patch: row.patch, historyFile: null }, runner);
  const logs = { stdout: result.logs.stdout, stderr: [result.logs.apply, result.logs.setup, result.logs.stderr].filter(Boolean).join("\n") };
  if (result.outcome !== "passed" && result.outcome !== "failed" && result.outcome !== "empty_collection") {
    await recordCounterfactual(row.id, { outcome: "error", failedProbeTestIds: [], message: `${row.mutation}: ${result.outcome}: ${result.message}` });
    return { ...EMPTY_RESULT, ...logs, status: result.outcome, message: result.message, sandbox: result.sandbox ?? "none", warnings: result.warnings };
  }
  // A unit that no longer loads shows as missing probes: those failed too.
  const failed = result.probes.filter((p) => p.status !== "pass").map((p) => p.probe);
  // Every probe failing where fewer were predicted means the counterfactual broke the build: an error, not a verdict.
  const outcome = counterfactualOutcome(row.predictedProbeTestIds, failed, context.execute.probes);
  const message = `${row.mutation}: ${failed.length} of ${context.execute.probes.length} probes failed (${row.predictedProbeTestIds.length} predicted) — ${outcome}.`;
  await recordCounterfactual(row.id, { outcome, failedProbeTestIds: failed, message });
  return {
    ...EMPTY_RESULT, ...logs, status: "passed", message, probes: result.probes,
    signature: (result.signature ?? "").split("").filter(Boolean).map(Number), sandbox: result.sandbox ?? "none", warnings: result.warnings, timings: { ...result.timings },
  };
};
