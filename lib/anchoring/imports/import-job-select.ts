import "server-only";
import { DEAD_AFTER_SECONDS } from "@/lib/runs/reap-dead-workers";
import { HELD_STATUSES } from "./import-claim";

export const importJobSelect = {
  id: true,
  suiteId: true,
  source: true,
  repo: true,
  query: true,
  status: true,
  progress: true,
  total: true,
  message: true,
  attempt: true,
  heartbeatAt: true,
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { candidates: true } },
} as const;

type TImportJobRow = {
  id: string; suiteId: string; source: string; repo: string; query: unknown; status: string; progress: number; total: number;
  message: string; attempt: number; heartbeatAt: Date | null; createdBy: string | null; createdAt: Date; updatedAt: Date; _count: { candidates: number };
};

/**
 * Read from the row alone, so every web process says the same: queued (a worker will take it), or
 * held by a worker whose heartbeat is fresh. A held import whose worker stopped beating is not
 * active; the reaper of any live worker takes it up again (or the curator resumes it).
 */
export function isImportActive(job: { status: string; heartbeatAt: Date | null }, now = Date.now()): boolean {
  if (job.status === "queued") return true;
  if (!(HELD_STATUSES as readonly string[]).includes(job.status)) return false;
  return job.heartbeatAt !== null && now - job.heartbeatAt.getTime() < DEAD_AFTER_SECONDS * 1000;
}

export type TImportJobDto = ReturnType<typeof toImportJobDto>;

/** `interrupted`: left running or waiting by a worker that stopped; it can be resumed, as a failed one can. */
export function toImportJobDto({ _count, heartbeatAt, ...job }: TImportJobRow) {
  const active = isImportActive({ status: job.status, heartbeatAt });
  const finished = job.status === "done" || job.status === "failed";
  return { ...job, candidates: _count.candidates, active, resumable: !active && job.status !== "done", interrupted: !active && !finished };
}
