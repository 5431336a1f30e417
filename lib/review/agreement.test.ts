import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cohensKappa, compareOperations, revisionAgreement, summarize, suiteSentence, type TReviewForAgreement, type TRevisionForAgreement } from "./agreement";

const review = (id: string, finalSet: string[], operations: TReviewForAgreement["operations"], extra: Partial<TReviewForAgreement> = {}): TReviewForAgreement => ({
  reviewId: id, reviewerId: `u-${id}`, operations, finalSet, freeText: [], ambiguous: false, ambiguityNote: null, ...extra,
});

const duplicate: Omit<TRevisionForAgreement, "reviews"> = {
  revisionId: "r1", label: "duplicate r1", catalogKeys: ["A1", "A2", "A3", "A4"],
  trace: [{ activated: ["A1", "A2"], deactivated: [], restated: [] }, { activated: [], deactivated: [], restated: ["A1"] }],
  acceptedReviewIds: [],
};

describe("revision agreement", () => {
  it("names the atom a reviewer missed and the operations the two reviewers disagree on", () => {
    const a = review("a", ["A1", "A2"], [{ turn: 1, activated: ["A1", "A2"], deactivated: [], restated: [] }, { turn: 2, activated: [], deactivated: [], restated: ["A1"] }]);
    // B reads the restatement as narrowing: A2 dropped at turn 2.
    const b = review("b", ["A1"], [{ turn: 1, activated: ["A1", "A2"], deactivated: [], restated: [] }, { turn: 2, activated: [], deactivated: ["A2"], restated: ["A1"] }]);
    const result = revisionAgreement({ ...duplicate, reviews: [a, b] });
    expect(result.gold).toEqual(["A1", "A2"]);
    expect(result.vsGold.map((v) => [v.matches, v.missing, v.extra])).toEqual([[true, [], []], [false, ["A2"], []]]);
    expect(result.bothMatchGold).toBe(false);
    expect(result.finalSetsAgree).toBe(false);
    expect(result.operations.filter((o) => !o.agreed)).toEqual([{ turn: 2, kind: "deactivated", key: "A2", byA: false, byB: true, agreed: false }]);
    expect(result.operationsAgreed).toBe(3);
    expect(result.needsAdjudication).toBe(true);
    expect(revisionAgreement({ ...duplicate, reviews: [a, b], acceptedReviewIds: ["b"] }).needsAdjudication).toBe(false);
  });

  it("counts an ambiguity flag as unresolved until an accept decision covers it", () => {
    const ops = [{ turn: 1, activated: ["A1", "A2"], deactivated: [], restated: [] }];
    const a = review("a", ["A1", "A2"], ops, { ambiguous: true, ambiguityNote: "turn 2 may narrow" });
    const b = review("b", ["A1", "A2"], ops);
    expect(revisionAgreement({ ...duplicate, reviews: [a, b] }).unresolvedAmbiguities).toBe(1);
    expect(revisionAgreement({ ...duplicate, reviews: [a, b], acceptedReviewIds: ["a"] }).unresolvedAmbiguities).toBe(0);
  });

  it("is incomplete with one review and compares nothing", () => {
    const result = revisionAgreement({ ...duplicate, reviews: [review("a", ["A1", "A2"], [])] });
    expect(result.complete).toBe(false);
    expect(summarize([result]).histories).toBe(0);
  });

  it("treats repeated keys in one turn as one operation", () => {
    const a = review("a", [], [{ turn: 1, activated: ["A1", "A1"], deactivated: [], restated: [] }]);
    expect(compareOperations(a, a)).toHaveLength(1);
  });
});

describe("Cohen's kappa", () => {
  it("matches a hand-computed 2×2 example with its Wald interval", () => {
    // 20 both in, 5 A only, 10 B only, 15 both out (n = 50):
    // p_o = 35/50 = 0.7; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2/0.5 = 0.4;
    // SE = √(0.7·0.3 / (50·0.25)) = √0.0168 = 0.129615; CI = 0.4 ± 0.254045.
    const decisions: [boolean, boolean][] = [
      ...Array.from({ length: 20 }, () => [true, true] as [boolean, boolean]),
      ...Array.from({ length: 5 }, () => [true, false] as [boolean, boolean]),
      ...Array.from({ length: 10 }, () => [false, true] as [boolean, boolean]),
      ...Array.from({ length: 15 }, () => [false, false] as [boolean, boolean]),
    ];
    const k = cohensKappa(decisions);
    expect(k.observed).toBeCloseTo(0.7, 10);
    expect(k.expected).toBeCloseTo(0.5, 10);
    expect(k.kappa).toBeCloseTo(0.4, 10);
    expect(k.low).toBeCloseTo(0.145955, 5);
    expect(k.high).toBeCloseTo(0.654045, 5);
  });

  it("is 1 for perfect agreement over both categories and undefined over one category", () => {
    expect(cohensKappa([[true, true], [false, false]]).kappa).toBe(1);
    expect(cohensKappa([[true, true], [true, true]]).kappa).toBeNull();
    expect(cohensKappa([]).kappa).toBeNull();
  });
});

describe("suite sentence", () => {
  it("prints the method's sentence from the counts", () => {
    const ops = [{ turn: 1, activated: ["A1", "A2"], deactivated: [], restated: [] }];
    const ok = revisionAgreement({ ...duplicate, reviews: [review("a", ["A1", "A2"], ops), review("b", ["A1", "A2"], ops)] });
    const bad = revisionAgreement({ ...duplicate, revisionId: "r2", reviews: [review("c", ["A1", "A2"], ops), review("d", ["A1"], ops, { ambiguous: true, ambiguityNote: "?" })] });
    expect(suiteSentence(summarize([ok, bad]))).toBe(
      "Both reviewers exactly match the gold final set on 1/2 histories, agree on 4/4 encoded operations, and report 1 unresolved ambiguity.",
    );
    expect(suiteSentence(summarize([ok]))).toMatch(/on 1\/1 histories, agree on 2\/2 encoded operations, and report no unresolved ambiguity\.$/);
  });
});

describe("purity", () => {
  it("lib/review files marked Pure import no Next, Prisma or Node I/O", () => {
    const FORBIDDEN = /from\s+["'](node:[^"']*|fs|path|child_process|next(\/[^"']*)?|@prisma\/[^"']*|server-only|@\/lib\/db[^"']*)["']|\bfetch\(/;
    const dir = import.meta.dirname;
    const pure = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts")).filter((f) => readFileSync(path.join(dir, f), "utf8").startsWith("// Pure:"));
    expect(pure).toContain("agreement.ts");
    for (const f of pure) expect(readFileSync(path.join(dir, f), "utf8"), f).not.toMatch(FORBIDDEN);
  });
});
