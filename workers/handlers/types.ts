// What every job handler is: a run's id in (the handler loads what it needs), the result to store out.
import type { TRunKind } from "@/lib/jobs/definitions";
import { loadRunContext } from "@/lib/runs/load-run-context";
import type { TRunResultInput } from "@/lib/runs/save-run-result";
import type { RunnerOptions } from "../../lib/runner/index";

export type TRunContext = Awaited<ReturnType<typeof loadRunContext>>;
/** A run kind's handler: loads its own context from the run id, runs, and returns the whole result to store. */
export type RunHandler = (runId: string, runner: RunnerOptions) => Promise<TRunResultInput>;
/** A handler body that works on the shared run context (lib/runs/load-run-context.ts). */
export type Handler = (context: TRunContext, runner: RunnerOptions) => Promise<TRunResultInput>;
export type THandlers = Record<TRunKind, RunHandler>;

/** A handler that loads the shared run context, then runs `body` on it. */
export const withRunContext = (body: Handler): RunHandler => async (runId, runner) => body(await loadRunContext(runId), runner);

/** A result with nothing in it yet: an infrastructure error until a handler says otherwise. */
export const EMPTY_RESULT: TRunResultInput = { status: "infrastructure_error", signature: [], probes: [], stdout: "", stderr: "", message: null, sandbox: "none", warnings: [], timings: {} };

/** What a worker passes every job handler besides the payload. */
export type TWorkerContext = { id: string; runner: RunnerOptions };
/** A handler of a job kind other than runs (lib/jobs/definitions.ts JOB_KINDS): it loads its own row and writes its own outcome. */
export type TJobHandler<TPayload> = (payload: TPayload, worker: TWorkerContext) => Promise<void>;
