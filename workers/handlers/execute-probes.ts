// The probes on one patch (or the bare base) with an optional history file:
// shared by run kinds `calibrate` and `replay`, which differ only in what they carry.
import { executeRun } from "../../lib/runner/index";
import type { TRunResultInput } from "@/lib/runs/save-run-result";
import { type Handler } from "./types";

export const executeProbes: Handler = async (context, runner) => {
  const result = await executeRun(context.execute, runner);
  // On the unmodified base a probe often cannot even load (its test imports what
  // the PR adds). That is the base failing, not a broken verifier: collection is
  // proven by the gold runs, so here a missing probe counts as a failing one.
  if (context.run.patchRole === "base" && result.outcome === "empty_collection") {
    result.outcome = "failed";
    result.message = `${result.missingProbes.length} of ${context.execute.probes.length} probes could not run on the base (counted as failing): ${result.message}`;
  }
  return runResultOf(result);
};

/** What the runner returned for one patch, as the result a run stores. */
export function runResultOf(result: Awaited<ReturnType<typeof executeRun>>): TRunResultInput {
  return {
    status: result.outcome,
    signature: (result.signature ?? "").split("").filter(Boolean).map(Number),
    probes: result.probes,
    stdout: result.logs.stdout,
    stderr: [result.logs.apply, result.logs.setup, result.logs.stderr].filter(Boolean).join("\n"),
    message: result.message,
    sandbox: result.sandbox ?? "none",
    warnings: result.warnings,
    timings: { ...result.timings },
  };
}
