// Run kind `grade`: an agent's patch on a fresh base with the hidden tests, under the frozen
// package's verifier and execution protocol → the signature and the outcome.
import { loadGradeSpec } from "@/lib/evaluation/load-grade-spec";
import { executeRun } from "../../lib/runner/index";
import { runResultOf } from "./execute-probes";
import { type Handler } from "./types";

export const handleGrade: Handler = async (context, runner) => {
  const result = await executeRun(await loadGradeSpec(context.run.id), runner);
  // The frozen verifier collected every probe with gold; a probe that does not run under an agent's
  // patch is that patch's doing (a broken import, a config that skips the hidden tests): a scored
  // failure, never attrition.
  if (result.outcome === "empty_collection") {
    result.outcome = "failed";
    result.message = `${result.missingProbes.length} probes did not run under this patch (counted as failing): ${result.message}`;
  }
  return runResultOf(result);
};
