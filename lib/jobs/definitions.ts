// Pure: the run queue's name, its job payload and the run kinds.
import { z } from "zod";

// Every run kind travels on one queue; the Run row says what to do, so a job
// payload is only the run id (plus the attempt it was sent for).
export const RUN_QUEUE = "studio-runs";
export const RUN_JOB_VERSION = 1;

export const ZRunJobSchema = z.object({ v: z.literal(RUN_JOB_VERSION), runId: z.string().min(1) });
export type TRunJob = z.infer<typeof ZRunJobSchema>;

export const RUN_KINDS = ["checkout", "collect", "calibrate", "replay", "oracle_audit", "grade", "mine"] as const;
export type TRunKind = (typeof RUN_KINDS)[number];

/** How long a job may stay active before pg-boss gives up on it (verifier timeout + setup margin). */
export const jobExpirySeconds = (verifierTimeoutSec: number) => Math.max(300, verifierTimeoutSec * 3 + 600);
