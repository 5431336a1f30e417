// Run kind `grade`: an agent's patch on a fresh base with the hidden tests, under the frozen
// package's verifier and execution protocol → the signature and the outcome.
import { loadGradeSpec } from "@/lib/evaluation/load-grade-spec";
import { executeRun } from "../../lib/runner/index";
import { runResultOf } from "./execute-probes";
import { type RunHandler } from "./types";

// Loads only its grade spec (the frozen package's verifier and protocol, the agent's patch): a grade
// run needs nothing of the family's live rows.
export const handleGrade: RunHandler = async (runId, runner) => {
  const spec = await loadGradeSpec(runId);
  const result = await executeRun(spec, runner);
  // The frozen verifier collected every probe with gold; a probe that does not run under an agent's
  // patch is that patch's doing (a broken import, a config that skips the hidden tests): a scored
  // failure, never attrition.
  if (result.outcome === "empty_collection") {
    result.outcome = "failed";
    result.message = `${result.missingProbes.length} probes did not run under this patch (counted as failing): ${result.message}`;
  }
  return runResultOf(result, spec.testCommand);
};
