import "server-only";
import { isImportActive } from "./active-imports";

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
  createdBy: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { candidates: true } },
} as const;

type TImportJobRow = {
  id: string; suiteId: string; source: string; repo: string; query: unknown; status: string; progress: number; total: number;
  message: string; createdBy: string | null; createdAt: Date; updatedAt: Date; _count: { candidates: number };
};

export type TImportJobDto = ReturnType<typeof toImportJobDto>;

/** `active` is false for a job left running or waiting by a stopped server: it can be resumed. */
export function toImportJobDto({ _count, ...job }: TImportJobRow) {
  const active = isImportActive(job.id);
  const finished = job.status === "done" || job.status === "failed";
  return { ...job, candidates: _count.candidates, active, resumable: !active && job.status !== "done", interrupted: !active && !finished };
}
