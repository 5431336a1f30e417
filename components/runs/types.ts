export type TRunRow = {
  id: string; kind: string; patchRole: string | null; patchId: string | null; patchName: string | null; historyRevisionId: string | null;
  condition: string | null; revision: number | null; repeat: number; status: string; attempt: number; signature: number[];
  probeIds: string[]; message: string | null; warnings: string[]; createdAt: string; startedAt: string | null; finishedAt: string | null;
  /** The request that queued (or re-queued) it: the progress bar counts the batch just asked for. */
  batchId?: string | null;
  /** false: the run executed content the family no longer has (history view only). */
  current: boolean;
  /** The atom a negative targets, for ordering the matrix. */
  targetAtom: string | null;
};
export type TRunsPayload = { counts: Record<string, number>; probes: { id: string; testId: string; kind: "probe" | "guard"; atoms: string[] }[]; runs: TRunRow[] };

export const ACTIVE = new Set(["queued", "running"]);
export const STATUS_ORDER = ["queued", "running", "passed", "failed", "timeout", "patch_apply_failed", "forbidden_content", "tampered", "empty_collection", "infrastructure_error", "cancelled"];
