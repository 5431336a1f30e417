// Issue 12 item 6: the path gate fails on unfinished text — scaffold drafts,
// leak-lint hits a curator has not waived, and a paraphrase that is direct with a
// word or two changed.
import { describe, expect, it } from "vitest";
import { PARAPHRASE_MAX_SIMILARITY, tokenSetSimilarity } from "../contract/conditions";
import { gateOf, greenFamily } from "./test-fixtures";
import type { TFamilyFacts, THistoryFact } from "./types";

const history = (f: TFamilyFacts, condition: THistoryFact["condition"]) => f.histories.find((h) => h.condition === condition)!;
const withText = (change: (f: TFamilyFacts) => void) => {
  const f = greenFamily();
  change(f);
  return gateOf(f, "paths", "visible_text");
};

describe("visible text gate", () => {
  it("passes finished text", () => {
    expect(withText(() => {})).toMatchObject({ status: "pass" });
  });

  it("fails on untouched scaffold drafts", () => {
    const gate = withText((f) => (history(f, "direct").turns[0]!.text = "[draft] State the whole request at once: required secrets raise."));
    expect(gate.status).toBe("fail");
    expect(gate.missing).toMatch(/direct: turn 1 still carries the scaffold's \[draft\] text/);
  });

  it("fails on text that names atom ids or probes, unless the curator waived that one hit with a reason", () => {
    const gate = withText((f) => (history(f, "split").turns[0]!.text = "This activates A1 and A2."));
    expect(gate.status).toBe("fail");
    expect(gate.missing).toMatch(/split: Turn 1 names atom A1/);
    expect(gate.missing).toMatch(/waive/);

    const waivedOne = withText((f) => {
      const h = history(f, "split");
      h.turns[0]!.text = "Keep A1 paper for the test_required_missing_raises run.";
      h.waivers = [{ turn: 1, kind: "atom_key", match: "A1" }];
    });
    expect(waivedOne.status).toBe("fail");
    expect(waivedOne.missing).not.toMatch(/A1/);
    expect(waivedOne.missing).toMatch(/test_required_missing_raises/);
    expect(waivedOne.evidence).toContainEqual({ label: "waived leak-lint hits", detail: "1" });
  });

  it("fails a paraphrase that only changes a word or two; the threshold is documented", () => {
    expect(PARAPHRASE_MAX_SIMILARITY).toBeGreaterThan(0);
    const f = greenFamily();
    const direct = history(f, "direct").turns[0]!.text;
    const near = direct.replace("must", "should");
    expect(tokenSetSimilarity(near, direct)).toBeGreaterThanOrEqual(PARAPHRASE_MAX_SIMILARITY);
    history(f, "paraphrase_direct").turns[0]!.text = near;
    const gate = gateOf(f, "paths", "paraphrase");
    expect(gate.status).toBe("fail");
    expect(gate.missing).toMatch(/shares \d+% of its word set with direct/);
    expect(gateOf(greenFamily(), "paths", "paraphrase").status).toBe("pass");
    expect(tokenSetSimilarity(history(greenFamily(), "paraphrase_direct").turns[0]!.text, direct)).toBeLessThan(PARAPHRASE_MAX_SIMILARITY);
  });
});
