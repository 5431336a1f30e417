// Run kind `collect`: the test ids the verifier's command executes with gold applied.
import { collectTests } from "../../lib/runner/index";
import { withReportHint } from "@/lib/verifier/recipes";
import { withRunContext, type RunHandler } from "./types";

export const handleCollect: RunHandler = withRunContext(async (context, runner) => {
  const collected = await collectTests(context.collectWithGold, runner);
  const ids = collected.tests.map((t) => t.id);
  // The same tests on the unmodified base: those failing there and passing with gold
  // are FAIL_TO_PASS, the proposer's candidate final atoms (lib/proposals/execution.ts).
  const onBase = collected.outcome === "collected" && context.collectWithGold.patch
    ? await collectTests({ ...context.collectWithGold, patch: null }, runner).catch(() => null)
    : null;
  const baseById = new Map((onBase?.tests ?? []).map((t) => [t.id, t]));
  const tests = collected.tests.map((t) => {
    if (!onBase) return t;
    const base = baseById.get(t.id);
    return { ...t, base: base?.outcome ?? "missing", ...(base?.message ? { baseMessage: base.message } : {}) };
  });
  return {
    status: collected.outcome === "collected" ? "passed" : collected.outcome,
    signature: [], probes: tests, stdout: collected.logs.stdout, stderr: [collected.logs.setup, collected.logs.stderr].filter(Boolean).join("\n"),
    message: withReportHint(collected.message, context.execute.testCommand), sandbox: collected.sandbox ?? "none", warnings: collected.warnings, timings: { ...collected.timings },
    collected: collected.outcome === "collected" ? ids : undefined,
    shared: collected.tests.filter((t) => t.count > 1).map((t) => t.id),
  };
});
