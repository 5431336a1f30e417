import { describe, expect, it } from "vitest";
import type { TCurrentRun } from "@/lib/runs/matrix";
import { attributeRun } from "./run-attribution";

const run = (over: Partial<Parameters<typeof attributeRun>[0]> = {}) => ({
  id: "r1", patchId: "p-old", patchRole: "negative", historyRevisionId: "rev-old", contentHash: "h1", probeIds: ["probe-a"], ...over,
});
const owner = (patchId: string | null, historyRevisionId: string | null): TCurrentRun => ({ kind: "replay", patchRole: "negative", patchId, historyRevisionId });

describe("attributeRun", () => {
  it("counts a run for every patch and revision whose current content it ran, over the current probe list", () => {
    const current = new Map([["h1", [owner("p1", "rev1"), owner("p2", "rev1")]]]);
    expect(attributeRun(run(), current, ["probe-a", "probe-b"])).toEqual([
      { patchId: "p1", historyRevisionId: "rev1", probeIds: ["probe-a", "probe-b"], current: true },
      { patchId: "p2", historyRevisionId: "rev1", probeIds: ["probe-a", "probe-b"], current: true },
    ]);
  });

  it("keeps a run of other content under the ids it was requested for, outdated", () => {
    expect(attributeRun(run({ contentHash: "other" }), new Map([["h1", [owner("p1", null)]]]), ["probe-b"])).toEqual([
      { patchId: "p-old", historyRevisionId: "rev-old", probeIds: ["probe-a"], current: false },
    ]);
    expect(attributeRun(run({ contentHash: null }), new Map(), [])[0]?.current).toBe(false);
  });

  it("never reads an outdated run of a deleted patch as the base", () => {
    expect(attributeRun(run({ patchId: null, contentHash: "gone" }), new Map(), [])[0]?.patchId).toBe("deleted:r1");
    expect(attributeRun(run({ patchId: null, patchRole: "base", contentHash: "gone" }), new Map(), [])[0]?.patchId).toBeNull();
  });
});
