import { describe, expect, it } from "vitest";
import { t } from "../contract/test-fixtures";
import { gateOf, greenFamily, revisionOf } from "./test-fixtures";
import type { TFamilyFacts, THistoryFact } from "./types";

const paths = (change: (f: TFamilyFacts) => void, key: string) => {
  const facts = greenFamily();
  change(facts);
  const { status, missing, evidence } = gateOf(facts, "paths", key);
  return { status, missing, evidence };
};
const history = (f: TFamilyFacts, condition: THistoryFact["condition"]) => f.histories.find((h) => h.condition === condition)!;

describe("path gates", () => {
  it("present: all five core histories and both controls", () => {
    expect(paths((f) => (f.histories = f.histories.filter((h) => h.condition !== "split")), "present")).toMatchObject({
      status: "pending",
      missing: "Write the split history.",
    });
    expect(paths((f) => f.histories.push({ ...history(f, "split"), revisionId: "rev-split-2" }), "present")).toMatchObject({
      status: "fail",
      missing: "split has 2 current revisions; keep one.",
    });
  });

  it("replay: each history ends at C*, naming what differs", () => {
    expect(paths((f) => (history(f, "override").turns[1]!.deactivated = []), "replay").missing).toBe(
      "override ends with A3 active, which C* does not contain.",
    );
    expect(paths((f) => (history(f, "split").turns[1]!.activated = []), "replay").missing).toBe("split never leaves A2 of C* active.");
    expect(paths((f) => (history(f, "duplicate").turns[1]!.restated = ["A9"]), "replay").missing).toBe(
      "duplicate: Turn 2 restates A9, which is not an accepted atom of this family.",
    );
  });

  it("structure: each history satisfies its condition", () => {
    expect(paths((f) => (history(f, "split").turns[1]!.restated = ["A1"]), "structure")).toMatchObject({
      status: "fail",
      missing: "split: The last turn repeats every earlier atom (A1); at least one must stay active without being repeated.",
    });
  });

  it("paraphrase: differs in wording from direct, with the same events", () => {
    expect(paths((f) => (history(f, "paraphrase_direct").turns[0]!.text = history(f, "direct").turns[0]!.text.toUpperCase()), "paraphrase")).toMatchObject({
      status: "fail",
      missing: "The paraphrase has the same wording as direct (ignoring case and punctuation); rewrite it.",
    });
  });

  it("length_match: equals cancellation in turn count and whitespace tokens exactly", () => {
    const result = paths((f) => (history(f, "length_matched").turns[1]!.text += " really"), "length_match");
    expect(result).toMatchObject({ status: "fail", missing: "length_matched has 19 whitespace tokens; cancellation has 18 (1 too many)." });
    expect(result.evidence).toEqual([
      { label: "length_matched", detail: "2 turns, 19 whitespace tokens" },
      { label: "cancellation", detail: "2 turns, 18 whitespace tokens" },
    ]);
    expect(paths((f) => history(f, "length_matched").turns.push(t("")), "length_match").missing).toBe(
      "length_matched has 3 turns; cancellation has 2.",
    );
  });

  it("replay signatures: pending until replay runs exist", () => {
    expect(paths((f) => (f.runs = f.runs.filter((r) => r.kind !== "replay")), "replay_signatures")).toMatchObject({
      status: "pending",
      missing: "No replay run yet: replay base, gold and each negative under the five core histories.",
    });
    expect(
      paths((f) => (f.runs = f.runs.filter((r) => !(r.kind === "replay" && r.patchId === "gold" && r.historyRevisionId === revisionOf("split")))), "replay_signatures").missing,
    ).toBe("1 (fixed patch, core history) pair(s) have no replay run yet.");
  });

  it("replay signatures: a fixed patch whose signature changes with the history fails", () => {
    const result = paths((f) => {
      const r = f.runs.find((x) => x.kind === "replay" && x.patchId === "neg-a1" && x.historyRevisionId === revisionOf("override"))!;
      r.signature = "001";
    }, "replay_signatures");
    expect(result.status).toBe("fail");
    expect(result.missing).toBe(
      "negative no-raise: the signature under override differs from direct on tests/test_secrets.py::test_optional_missing_is_none.",
    );
  });

  it("replay signatures: a replay run that timed out fails closed", () => {
    expect(
      paths((f) => Object.assign(f.runs.find((x) => x.kind === "replay" && x.patchId === null)!, { status: "timeout", signature: null }), "replay_signatures").status,
    ).toBe("fail");
  });
});
