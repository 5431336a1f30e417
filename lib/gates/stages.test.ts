import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FAMILY_TABS, STAGES, stageHref, ZStageKeySchema } from "./stages";

const FAMILY_PAGES = path.resolve(import.meta.dirname, "..", "..", "app", "(studio)", "families", "[familyId]");

describe("stages", () => {
  it("lists the six stages in the method's order", () => {
    expect(STAGES.map((s) => s.key)).toEqual(["anchoring", "reconciliation", "calibration", "paths", "audit", "freeze"]);
    expect(ZStageKeySchema.options).toEqual(STAGES.map((s) => s.key));
  });

  it("names every family page as a tab of exactly one stage (or the gate dashboard), and no tab without a page", () => {
    const pages = readdirSync(FAMILY_PAGES).filter((d) => statSync(path.join(FAMILY_PAGES, d)).isDirectory() && readdirSync(path.join(FAMILY_PAGES, d)).includes("page.tsx"));
    expect(FAMILY_TABS.map((t) => t.segment).filter(Boolean).sort()).toEqual(pages.sort());
    expect(new Set(FAMILY_TABS.map((t) => t.segment)).size).toBe(FAMILY_TABS.length);
    expect(FAMILY_TABS[0]).toEqual({ segment: "", label: "Gates", stage: null });
  });

  it("links a stage to its first tab", () => {
    expect(stageHref("f1", "anchoring")).toBe("/families/f1/evidence");
    expect(stageHref("f1", "calibration")).toBe("/families/f1/verifier");
    expect(stageHref("f1", "freeze")).toBe("/families/f1/package");
    expect(stageHref("f1", "audit")).toBe("/families/f1/reviews");
  });
});
