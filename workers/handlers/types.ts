// What every job handler is: one run's context in, the result to store out.
import type { TRunKind } from "@/lib/jobs/definitions";
import type { loadRunContext } from "@/lib/runs/load-run-context";
import type { TRunResultInput } from "@/lib/runs/save-run-result";
import type { RunnerOptions } from "../../lib/runner/index";

export type TRunContext = Awaited<ReturnType<typeof loadRunContext>>;
export type Handler = (context: TRunContext, runner: RunnerOptions) => Promise<TRunResultInput>;
export type THandlers = Record<TRunKind, Handler>;

/** A result with nothing in it yet: an infrastructure error until a handler says otherwise. */
export const EMPTY_RESULT: TRunResultInput = { status: "infrastructure_error", signature: [], probes: [], stdout: "", stderr: "", message: null, sandbox: "none", warnings: [], timings: {} };

/** What a worker passes every job handler besides the payload. */
export type TWorkerContext = { id: string; runner: RunnerOptions };
/** A handler of a job kind other than runs (lib/jobs/definitions.ts JOB_KINDS): it loads its own row and writes its own outcome. */
export type TJobHandler<TPayload> = (payload: TPayload, worker: TWorkerContext) => Promise<void>;
