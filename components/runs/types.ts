export type TRunRow = {
  id: string; kind: string; patchRole: string | null; patchId: string | null; patchName: string | null; historyRevisionId: string | null;
  condition: string | null; revision: number | null; repeat: number; status: string; attempt: number; signature: number[];
  probeIds: string[]; message: string | null; warnings: string[]; createdAt: string; startedAt: string | null; finishedAt: string | null;
};
export type TRunsPayload = { counts: Record<string, number>; probes: { id: string; testId: string; atoms: string[] }[]; runs: TRunRow[] };

export const ACTIVE = new Set(["queued", "running"]);
export const STATUS_ORDER = ["queued", "running", "passed", "failed", "timeout", "patch_apply_failed", "empty_collection", "infrastructure_error", "cancelled"];
