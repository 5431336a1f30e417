import { describe, expect, it } from "vitest";
import { balanceAssignments } from "./balance";
import { historyLabel, labelCatalog } from "./catalog-labels";

describe("balanceAssignments", () => {
  it("spreads a family over the reviewers with the fewest open assignments and skips excluded people", () => {
    const revisions = ["r1", "r2", "r3"].map((revisionId) => ({ revisionId, assigned: [] as string[], excluded: revisionId === "r3" ? ["c"] : [] }));
    const { picks, short } = balanceAssignments(revisions, [{ id: "a", open: 2 }, { id: "b", open: 0 }, { id: "c", open: 0 }]);
    expect(short).toEqual([]);
    expect(picks.filter((p) => p.revisionId === "r1").map((p) => p.reviewerId)).toEqual(["b", "c"]);
    expect(picks.filter((p) => p.revisionId === "r3").map((p) => p.reviewerId).sort()).not.toContain("c");
    const count = (id: string) => picks.filter((p) => p.reviewerId === id).length + (id === "a" ? 2 : 0);
    expect(Math.max(count("a"), count("b"), count("c")) - Math.min(count("a"), count("b"), count("c"))).toBeLessThanOrEqual(1);
  });

  it("fills only what is missing and reports a revision it cannot staff", () => {
    const { picks, short } = balanceAssignments([{ revisionId: "r1", assigned: ["a"], excluded: ["b"] }], [{ id: "a", open: 0 }, { id: "b", open: 0 }]);
    expect(picks).toEqual([]);
    expect(short).toEqual([{ revisionId: "r1", missing: 1 }]);
  });
});

describe("labelCatalog", () => {
  const atoms = ["ck1", "ck2", "ck3", "ck4", "ck5", "ck6"].map((id) => ({ id }));
  it("shuffles per reviewer, keeps labels unique and free of keys", () => {
    const a = labelCatalog("assignment-1", atoms);
    const b = labelCatalog("assignment-2", atoms);
    expect(new Set(a.map((x) => x.label)).size).toBe(atoms.length);
    expect(a.map((x) => x.id)).not.toEqual(b.map((x) => x.id));
    for (const x of a) expect(x.label).toMatch(/^E-[B-Z]{3}$/);
    expect(labelCatalog("assignment-1", [...atoms].reverse())).toEqual(a);
    expect(historyLabel("x")).not.toEqual(historyLabel("y"));
  });
});
