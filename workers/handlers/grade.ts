// Run kind `grade`: an agent's patch on a fresh base with the hidden tests, under the frozen
// package's verifier and execution protocol → the signature and the outcome.
import { loadGradeSpec } from "@/lib/evaluation/load-grade-spec";
import { executeRun } from "../runner/index";
import { runResultOf } from "./execute-probes";
import { type Handler } from "./types";

export const handleGrade: Handler = async (context, runner) => runResultOf(await executeRun(await loadGradeSpec(context.run.id), runner));
