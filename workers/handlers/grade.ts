// Run kind `grade`: an agent's patch on a fresh base with the hidden tests, under the frozen
// package's verifier and execution protocol → the signature and the outcome.
import { loadGradeSpec } from "@/lib/evaluation/load-grade-spec";
import { executeRun } from "../runner/index";
import { type Handler } from "./types";

export const handleGrade: Handler = async (context, runner) => {
  const result = await executeRun(await loadGradeSpec(context.run.id), runner);
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
};
