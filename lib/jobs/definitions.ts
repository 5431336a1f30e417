// Pure: the run queue's name, its job payload and the run kinds.
import { z } from "zod";

// Every piece of background work is a job on a pg-boss queue of the studio's PostgreSQL, run by a
// worker (workers/): nothing runs in the web process on its own. A job's payload names a row, and
// the row says what to do and how far it got, so a job survives a restart of any process: the
// worker holding it beats a heartbeat on the row, and a row whose worker stopped beating goes back
// to its queue as a new attempt (lib/runs/reap-dead-workers.ts, lib/package/reap-suite-exports.ts,
// lib/anchoring/imports/reap-imports.ts).

// Every run kind travels on one queue; the Run row says what to do, so a job
// payload is only the run id (plus the attempt it was sent for).
export const RUN_QUEUE = "studio-runs";
export const RUN_JOB_VERSION = 1;

export const ZRunJobSchema = z.object({ v: z.literal(RUN_JOB_VERSION), runId: z.string().min(1) });
export type TRunJob = z.infer<typeof ZRunJobSchema>;

export const RUN_KINDS = ["checkout", "collect", "calibrate", "replay", "oracle_audit", "counterfactual", "grade", "mine"] as const;
export type TRunKind = (typeof RUN_KINDS)[number];

/** How long a job may stay active before pg-boss gives up on it (verifier timeout + setup margin). */
export const jobExpirySeconds = (verifierTimeoutSec: number) => Math.max(300, verifierTimeoutSec * 3 + 600);

// A suite export: the ExportJob row (suite, progress, file) is written first, then this job.
export const SUITE_EXPORT_QUEUE = "studio-suite-exports";
export const SUITE_EXPORT_JOB_VERSION = 1;
export const ZSuiteExportJobSchema = z.object({ v: z.literal(SUITE_EXPORT_JOB_VERSION), exportJobId: z.string().min(1) });
export type TSuiteExportJob = z.infer<typeof ZSuiteExportJobSchema>;

// An import of candidates: the ImportJob row (source, repo, filters, cursor, actor) is written first, then this job.
export const IMPORT_QUEUE = "studio-imports";
export const IMPORT_JOB_VERSION = 1;
export const ZImportJobSchema = z.object({ v: z.literal(IMPORT_JOB_VERSION), importJobId: z.string().min(1) });
export type TImportJob = z.infer<typeof ZImportJobSchema>;

/**
 * The job kinds besides runs: queue, payload, the row a payload names, and how many a worker runs at once. Each has one
 * handler, `workers/handlers/<kind>.ts` (workers/handlers/jobs.ts maps them; a kind without a
 * handler does not type-check).
 */
export const JOB_KINDS = {
  suite_export: { queue: SUITE_EXPORT_QUEUE, payload: ZSuiteExportJobSchema, rowId: (job: TSuiteExportJob) => job.exportJobId, concurrency: 1 },
  // Imports mostly wait (on GitHub, a rate limit can be an hour; on a clone): several at once, so one
  // waiting import does not hold up the others.
  import: { queue: IMPORT_QUEUE, payload: ZImportJobSchema, rowId: (job: TImportJob) => job.importJobId, concurrency: 4 },
} as const;
export type TJobKind = keyof typeof JOB_KINDS;

/** Every queue the studio uses (created at install and at every start). */
export const QUEUES = [RUN_QUEUE, ...Object.values(JOB_KINDS).map((kind) => kind.queue)] as const;
