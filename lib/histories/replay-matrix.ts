// Pure: the replay matrix of a family — each fixed patch (base, gold, every
// negative) replayed under the current revision of each core history, one
// signature per cell, and whether a row's signatures are all the same.
import { CORE_CONDITIONS, type TCoreCondition } from "@/lib/contract";

export type TMatrixRun = {
  id: string;
  patchId: string | null;
  historyRevisionId: string | null;
  status: string;
  /** One 0/1 per probe, as stored on the run. */
  signature: readonly number[];
  probeIds: readonly string[];
  /** ISO time the run was requested. */
  createdAt: string;
  /** false: it replayed content the family no longer has (lib/runs/content-hash.ts); history, never a cell. */
  current?: boolean;
};

export type TMatrixPatch = { id: string; name: string; kind: string };
export type TMatrixRevision = { condition: TCoreCondition; revisionId: string; number: number; updatedAt: string };

export type TMatrixCell = {
  runId: string;
  status: string;
  /** "0110…" when the run finished over the current probe list, else null. */
  signature: string | null;
  /** Finished against an older probe list. */
  stale: boolean;
  /** Whether the signature equals the row's reference (its first finished cell); null while unknown. */
  agrees: boolean | null;
};

export type TMatrixRow = {
  key: string;
  label: string;
  cells: Partial<Record<TCoreCondition, TMatrixCell>>;
  /** true: every core history gave one signature; false: some differ; null: not every cell has finished. */
  equal: boolean | null;
};

export type TReplayMatrix = {
  columns: { condition: TCoreCondition; revisionId: string | null; number: number | null; updatedAt: string | null }[];
  rows: TMatrixRow[];
  counts: { queued: number; running: number; finished: number; other: number };
  /** Replay runs of content the family no longer has: kept in the history view, left out of the cells. */
  older: number;
};

const FINISHED = new Set(["passed", "failed"]);

export function buildReplayMatrix(input: {
  patches: readonly TMatrixPatch[];
  revisions: readonly TMatrixRevision[];
  /** Replay runs of the family in creation order. */
  runs: readonly TMatrixRun[];
  probeIds: readonly string[];
}): TReplayMatrix {
  const columns = CORE_CONDITIONS.map((condition) => {
    const revision = input.revisions.find((r) => r.condition === condition);
    return { condition, revisionId: revision?.revisionId ?? null, number: revision?.number ?? null, updatedAt: revision?.updatedAt ?? null };
  });
  const fixed = [
    { key: "base", id: null as string | null, label: "base" },
    ...input.patches.filter((p) => p.kind === "gold").map((p) => ({ key: p.id, id: p.id, label: `gold ${p.name}` })),
    ...input.patches.filter((p) => p.kind === "negative").map((p) => ({ key: p.id, id: p.id, label: `negative ${p.name}` })),
  ];
  const latest = new Map<string, TMatrixRun>();
  const cellKey = (patchId: string | null, revisionId: string) => `${patchId ?? ""}\u0001${revisionId}`;
  let older = 0;
  for (const run of input.runs) {
    if (run.current === false) {
      older++;
      continue;
    }
    if (run.status === "cancelled" || run.historyRevisionId === null) continue;
    latest.set(cellKey(run.patchId, run.historyRevisionId), run);
  }
  const current = input.probeIds.join("\u0001");
  const counts = { queued: 0, running: 0, finished: 0, other: 0 };
  const rows = fixed.map(({ key, id, label }): TMatrixRow => {
    const cells: TMatrixRow["cells"] = {};
    let reference: string | null = null;
    let complete = true;
    let differs = false;
    for (const column of columns) {
      const run = column.revisionId ? latest.get(cellKey(id, column.revisionId)) : undefined;
      if (!run) {
        complete = false;
        continue;
      }
      if (run.status === "queued" || run.status === "running") counts[run.status]++;
      else if (FINISHED.has(run.status)) counts.finished++;
      else counts.other++;
      const stale = FINISHED.has(run.status) && run.probeIds.join("\u0001") !== current;
      const signature = FINISHED.has(run.status) && !stale ? run.signature.join("") : null;
      let agrees: boolean | null = null;
      if (signature === null) complete = false;
      else if (reference === null) {
        reference = signature;
        agrees = true;
      } else {
        agrees = signature === reference;
        if (!agrees) differs = true;
      }
      cells[column.condition] = { runId: run.id, status: run.status, signature, stale, agrees };
    }
    return { key, label, cells, equal: differs ? false : complete ? true : null };
  });
  return { columns, rows, counts, older };
}
