// Run kind `collect`: the test ids the verifier's command executes with gold applied.
import { collectTests } from "../runner/index";
import { type Handler } from "./types";

export const handleCollect: Handler = async (context, runner) => {
  const collected = await collectTests(context.collectWithGold, runner);
  const ids = collected.tests.map((t) => t.id);
  return {
    status: collected.outcome === "collected" ? "passed" : collected.outcome,
    signature: [], probes: collected.tests, stdout: collected.logs.stdout, stderr: [collected.logs.setup, collected.logs.stderr].filter(Boolean).join("\n"),
    message: collected.message, sandbox: collected.sandbox ?? "none", warnings: collected.warnings, timings: { ...collected.timings },
    collected: collected.outcome === "collected" ? ids : undefined,
  };
};
