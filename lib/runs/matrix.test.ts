import { describe, expect, it } from "vitest";
import { calibrationMatrix, currentContent } from "./matrix";

const input = {
  familyId: "f1",
  verifierDigest: "v2",
  patches: [
    { id: "g", kind: "gold" as const, digest: "dg" },
    { id: "n1", kind: "negative" as const, digest: "d1" },
    { id: "n2", kind: "negative" as const, digest: "d3" },
    { id: "a", kind: "alternative" as const, digest: "da" },
  ],
  coreRevisions: ["direct", "duplicate", "split", "override", "cancellation", "paraphrase_direct"].map((c) => ({ id: `r-${c}`, condition: c, digest: `d-${c}` })),
};

describe("calibrationMatrix", () => {
  it("asks for gold three times, base, each negative and alternative, and fixed patches under the five core histories", () => {
    const runs = calibrationMatrix(input);
    const calibrate = runs.filter((r) => r.kind === "calibrate");
    expect(calibrate.map((r) => `${r.patchRole}:${r.patchId}:${r.repeat}`)).toEqual([
      "gold:g:0", "gold:g:1", "gold:g:2", "base:null:0", "negative:n1:0", "negative:n2:0", "alternative:a:0",
    ]);
    const replay = runs.filter((r) => r.kind === "replay");
    expect(replay).toHaveLength(4 * 5); // gold, base, 2 negatives × 5 core histories; controls excluded
    expect(replay.some((r) => r.historyRevisionId === "r-paraphrase_direct")).toBe(false);
  });

  it("gives every run a distinct key that changes when a patch or the verifier changes", () => {
    const runs = calibrationMatrix(input);
    expect(new Set(runs.map((r) => r.requestKey)).size).toBe(runs.length);
    const again = calibrationMatrix(input);
    expect(again.map((r) => r.requestKey)).toEqual(runs.map((r) => r.requestKey));
    const edited = calibrationMatrix({ ...input, patches: input.patches.map((p) => (p.id === "n1" ? { ...p, digest: "d2" } : p)) });
    const changed = edited.filter((r, i) => r.requestKey !== runs[i]!.requestKey);
    expect(changed.every((r) => r.patchId === "n1")).toBe(true);
    expect(changed).toHaveLength(1 + 5);
    const resaved = calibrationMatrix({ ...input, coreRevisions: input.coreRevisions.map((r) => (r.condition === "split" ? { ...r, digest: "d2" } : r)) });
    const outdated = resaved.filter((r, i) => r.requestKey !== runs[i]!.requestKey);
    expect(outdated.map((r) => r.historyRevisionId)).toEqual(Array(4).fill("r-split")); // gold, base, 2 negatives
    const newVerifier = calibrationMatrix({ ...input, verifierDigest: "v3" });
    expect(newVerifier.every((r, i) => r.requestKey !== runs[i]!.requestKey)).toBe(true);
  });

  it("keys by content, not by row version: the same bytes give the same key, whatever the counters say", () => {
    const runs = calibrationMatrix(input);
    const back = calibrationMatrix({ ...input, patches: input.patches.map((p) => (p.id === "n1" ? { ...p, digest: "d1" } : p)) });
    expect(back.map((r) => r.requestKey)).toEqual(runs.map((r) => r.requestKey));
    expect(runs.every((r) => r.requestKey === `f1:${r.contentHash}:${r.repeat}`)).toBe(true);
  });

  it("maps each current content hash to the patch and revision it belongs to now", () => {
    const current = currentContent(input);
    const base = calibrationMatrix(input).find((r) => r.kind === "calibrate" && r.patchRole === "base")!;
    expect(current.get(base.contentHash!)).toEqual([{ kind: "calibrate", patchRole: "base", patchId: null, historyRevisionId: null }]);
    const twins = currentContent({ ...input, patches: [...input.patches, { id: "n3", kind: "negative", digest: "d1" }] });
    const n1 = calibrationMatrix(input).find((r) => r.kind === "calibrate" && r.patchId === "n1")!;
    expect(twins.get(n1.contentHash!)!.map((r) => r.patchId)).toEqual(["n1", "n3"]);
  });
});
