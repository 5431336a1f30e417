import { describe, expect, it } from "vitest";
import { calibrationMatrix } from "./matrix";

const input = {
  familyId: "f1",
  verifierVersion: 2,
  probesKey: "p",
  patches: [
    { id: "g", kind: "gold" as const, version: 1 },
    { id: "n1", kind: "negative" as const, version: 1 },
    { id: "n2", kind: "negative" as const, version: 3 },
    { id: "a", kind: "alternative" as const, version: 1 },
  ],
  coreRevisions: ["direct", "duplicate", "split", "override", "cancellation", "paraphrase_direct"].map((c) => ({ id: `r-${c}`, condition: c, version: 1 })),
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
    const edited = calibrationMatrix({ ...input, patches: input.patches.map((p) => (p.id === "n1" ? { ...p, version: 2 } : p)) });
    const changed = edited.filter((r, i) => r.requestKey !== runs[i]!.requestKey);
    expect(changed.every((r) => r.patchId === "n1")).toBe(true);
    expect(changed).toHaveLength(1 + 5);
    const resaved = calibrationMatrix({ ...input, coreRevisions: input.coreRevisions.map((r) => (r.condition === "split" ? { ...r, version: 2 } : r)) });
    const outdated = resaved.filter((r, i) => r.requestKey !== runs[i]!.requestKey);
    expect(outdated.map((r) => r.historyRevisionId)).toEqual(Array(4).fill("r-split")); // gold, base, 2 negatives
    const newVerifier = calibrationMatrix({ ...input, verifierVersion: 3 });
    expect(newVerifier.every((r, i) => r.requestKey !== runs[i]!.requestKey)).toBe(true);
  });
});
