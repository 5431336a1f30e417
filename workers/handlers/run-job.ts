// One job = one attempt of one Run. Idempotent: a job for a run that is no longer
// queued does nothing; results are keyed by (run, attempt).
import { claimRun } from "@/lib/runs/claim-run";
import { loadRunContext } from "@/lib/runs/load-run-spec";
import { saveRunResult, type TRunResultInput } from "@/lib/runs/save-run-result";
import { checkoutBase, collectTests, executeRun, type RunnerOptions } from "../runner/index";
import { executeOracleAudit } from "./oracle-audit";

export async function handleRunJob(runId: string, workerId: string, runner: RunnerOptions): Promise<void> {
  const claim = await claimRun(runId, workerId);
  if (!claim) return;
  const context = await loadRunContext(runId);
  const result = await execute(context, runner).catch(
    (error: unknown): TRunResultInput => ({
      ...EMPTY, status: "infrastructure_error", message: `The worker failed: ${(error as Error).message}`, stderr: String((error as Error).stack ?? error),
    }),
  );
  await saveRunResult(runId, claim.attempt, workerId, { ...result, probeIds: context.run.kind === "calibrate" || context.run.kind === "replay" ? context.probeIds : undefined });
}

const EMPTY: TRunResultInput = { status: "infrastructure_error", signature: [], probes: [], stdout: "", stderr: "", message: null, sandbox: "none", warnings: [], timings: {} };

async function execute(context: Awaited<ReturnType<typeof loadRunContext>>, runner: RunnerOptions): Promise<TRunResultInput> {
  switch (context.run.kind) {
    case "checkout": {
      const base = await checkoutBase(context.family.repo, context.family.baseCommit, runner);
      if (base.outcome !== "ok") return { ...EMPTY, message: `Base commit: ${base.message}`, timings: { totalMs: base.durationMs } };
      const merge = await checkoutBase(context.family.repo, context.family.mergeCommit, runner);
      if (merge.outcome !== "ok") return { ...EMPTY, message: `Merge commit: ${merge.message}`, timings: { totalMs: merge.durationMs } };
      return { ...EMPTY, status: "passed", message: `Base ${base.commit.slice(0, 10)} checks out (${base.fileCount} files); merge commit resolves.`, timings: { totalMs: base.durationMs + merge.durationMs } };
    }
    case "collect": {
      const collected = await collectTests(context.collectWithGold, runner);
      const ids = collected.tests.map((t) => t.id);
      return {
        status: collected.outcome === "collected" ? "passed" : collected.outcome,
        signature: [], probes: collected.tests, stdout: collected.logs.stdout, stderr: [collected.logs.setup, collected.logs.stderr].filter(Boolean).join("\n"),
        message: collected.message, sandbox: collected.sandbox ?? "none", warnings: collected.warnings, timings: { ...collected.timings },
        collected: collected.outcome === "collected" ? ids : undefined,
      };
    }
    case "calibrate":
    case "replay": {
      const result = await executeRun(context.execute, runner);
      // On the unmodified base a probe often cannot even load (its test imports what
      // the PR adds). That is the base failing, not a broken verifier: collection is
      // proven by the gold runs, so here a missing probe counts as a failing one.
      if (context.run.patchRole === "base" && result.outcome === "empty_collection") {
        result.outcome = "failed";
        result.message = `${result.missingProbes.length} of ${context.execute.probes.length} probes could not run on the base (counted as failing): ${result.message}`;
      }
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
    case "oracle_audit":
      return executeOracleAudit(context, runner);
  }
}
