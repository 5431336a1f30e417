// The probes on one patch (or the bare base) with an optional history file:
// shared by run kinds `calibrate`, `replay` and a mined candidate's `mine` run, which differ
// only in what they carry. The result is signed: it names the probes its bits stand for, and
// (`contentHash`) the content it ran, so a later edit makes the run stale.
import { executeRun } from "../../lib/runner/index";
import type { TRunResultInput } from "@/lib/runs/save-run-result";
import { withReportHint } from "@/lib/verifier/recipes";
import type { TRunContext } from "./types";
import type { RunnerOptions } from "../../lib/runner/index";

export async function executeProbes(context: TRunContext, runner: RunnerOptions, options: { contentHash: boolean }): Promise<TRunResultInput> {
  const result = await executeRun(context.execute, runner);
  // On the unmodified base a probe often cannot even load (its test imports what
  // the PR adds). That is the base failing, not a broken verifier: collection is
  // proven by the gold runs, so here a missing probe counts as a failing one.
  if (context.run.patchRole === "base" && result.outcome === "empty_collection") {
    result.outcome = "failed";
    result.message = `${result.missingProbes.length} of ${context.execute.probes.length} probes could not run on the base (counted as failing): ${result.message}`;
  }
  const stored = runResultOf(result, context.execute.testCommand);
  return { ...stored, probeIds: context.probeIds, ...(options.contentHash ? { contentHash: context.contentHash } : {}) };
}

/** What the runner returned for one patch, as the result a run stores (a missing report names the runner's own option). */
export function runResultOf(result: Awaited<ReturnType<typeof executeRun>>, testCommand: string): TRunResultInput {
  return {
    status: result.outcome,
    signature: (result.signature ?? "").split("").filter(Boolean).map(Number),
    probes: result.probes,
    stdout: result.logs.stdout,
    stderr: [result.logs.apply, result.logs.setup, result.logs.stderr].filter(Boolean).join("\n"),
    message: withReportHint(result.message, testCommand),
    sandbox: result.sandbox ?? "none",
    warnings: result.warnings,
    timings: { ...result.timings },
  };
}
