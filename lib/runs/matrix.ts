// Pure: which runs a calibration needs (ARCHITECTURE §3 stages 3 and 4).
// Request keys are content-addressed: asking again with nothing changed reuses
// the runs already made, so a double click never runs anything twice, and a
// run made for other content (an edited patch, another probe list, a saved
// history) is never mistaken for one of the current content.
import { CORE_CONDITIONS, type TPatchKind } from "@/lib/contract/types";

export const GOLD_REPEATS = 3;

export type TMatrixInput = {
  familyId: string;
  /** Digest of the verifier's setup, test command, format, hidden tests and probe list (lib/runs/content-hash.ts). */
  verifierDigest: string;
  patches: { id: string; kind: TPatchKind | "hidden_tests"; digest: string }[];
  /** The latest revision of each history, with the digest of its text, trace and protocol. */
  coreRevisions: { id: string; condition: string; digest: string }[];
};

export type TRunRequest = {
  kind: "calibrate" | "replay";
  patchRole: "gold" | "base" | "negative" | "alternative";
  patchId: string | null;
  historyRevisionId: string | null;
  historyRevisionVersion?: number | null;
  repeat: number;
  contentHash?: string | null;
  requestKey: string;
};

/** One run's content address: kind, the patch's role, and the digests of what it ran. */
export function runContentHash(parts: { kind: string; patchRole: string | null; verifier: string; patch: string | null; revision: string | null }): string {
  return [parts.kind, parts.patchRole ?? "-", parts.verifier, parts.patch ?? "base", parts.revision ?? "-"].join(":");
}

export function calibrationMatrix(input: TMatrixInput): TRunRequest[] {
  const gold = input.patches.filter((p) => p.kind === "gold");
  const negatives = input.patches.filter((p) => p.kind === "negative");
  const alternatives = input.patches.filter((p) => p.kind === "alternative");
  const requests: TRunRequest[] = [];
  const add = (
    kind: TRunRequest["kind"], patchRole: TRunRequest["patchRole"], patch: { id: string; digest: string } | null,
    revision: { id: string; digest: string } | null, repeat = 0,
  ) => {
    const contentHash = runContentHash({ kind, patchRole, verifier: input.verifierDigest, patch: patch?.digest ?? null, revision: revision?.digest ?? null });
    requests.push({
      kind, patchRole, patchId: patch?.id ?? null, historyRevisionId: revision?.id ?? null, repeat, contentHash,
      requestKey: `${input.familyId}:${contentHash}:${repeat}`,
    });
  };

  for (const patch of gold) for (let r = 0; r < GOLD_REPEATS; r++) add("calibrate", "gold", patch, null, r);
  add("calibrate", "base", null, null);
  for (const patch of negatives) add("calibrate", "negative", patch, null);
  for (const patch of alternatives) add("calibrate", "alternative", patch, null);

  const fixed: [TRunRequest["patchRole"], { id: string; digest: string } | null][] = [
    ...gold.map((p) => ["gold", p] as [TRunRequest["patchRole"], typeof p]),
    ["base", null],
    ...negatives.map((p) => ["negative", p] as [TRunRequest["patchRole"], typeof p]),
  ];
  const core = input.coreRevisions.filter((r) => (CORE_CONDITIONS as readonly string[]).includes(r.condition));
  for (const [patchRole, patch] of fixed) for (const revision of core) add("replay", patchRole, patch, revision);
  return requests;
}

export type TCurrentRun = Pick<TRunRequest, "kind" | "patchRole" | "patchId" | "historyRevisionId">;

/**
 * The content hashes of the family as it stands, each with the patch and revision
 * it belongs to now. A run whose hash is not here ran other content: it is history.
 * Two patches with the same role and bytes share their runs (they are the same run).
 */
export function currentContent(input: TMatrixInput): Map<string, TCurrentRun[]> {
  const out = new Map<string, TCurrentRun[]>();
  for (const r of calibrationMatrix(input)) {
    const list = out.get(r.contentHash!) ?? [];
    if (!list.some((x) => x.patchId === r.patchId && x.historyRevisionId === r.historyRevisionId)) {
      list.push({ kind: r.kind, patchRole: r.patchRole, patchId: r.patchId, historyRevisionId: r.historyRevisionId });
    }
    out.set(r.contentHash!, list);
  }
  return out;
}
