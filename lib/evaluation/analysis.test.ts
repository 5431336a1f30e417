import { describe, expect, it } from "vitest";
import { CONDITIONS, type TCondition } from "../contract/types";
import { analyze } from "./analysis";
import { decide } from "./decision";
import { ZAttemptSchema, type TAttempt, type TAttemptInput } from "./types";

// A hand-computed synthetic matrix: 3 families × 2 configurations × 7 conditions × 3 repeats = 126 rows,
// every row a success unless planted below. The expected figures are worked out by hand in the comments.
const C1 = { model: "m1", scaffold: "mini" };
const C2 = { model: "m2", scaffold: "openhands" };
type Plant = Partial<TAttemptInput>[];
const plants = new Map<string, Plant>([
  ["F1|C1|0|override", [{ grade: "failed", signature: [1, 0] }]], // CPV (override) on a direct-success block
  ["F1|C1|1|direct", [{ grade: "failed", signature: [0, 1] }]], // direct fails: block not eligible
  ["F1|C1|1|duplicate", [{ grade: "failed", signature: [0, 1] }]],
  ["F2|C2|0|split", [{ status: "provider_limit" }, { status: "provider_limit" }, {}]], // third try scores a success
  ["F2|C2|1|cancellation", [{ status: "provider_limit" }, { status: "provider_limit" }, { status: "provider_limit" }, {}]], // exhausted
  ["F3|C1|2|duplicate", [{ status: "metadata_invalid" }]],
  ["F3|C2|0|direct", [{ status: "agent_timeout", grade: null }]], // fixed-budget failure…
  ["F2|C1|2|paraphrase_direct", [{ patch: "" , grade: null }]], // no patch: an agent outcome
  ["F3|C1|0|length_matched", [{ grade: "patch_apply_failed", signature: [] }]],
  ["F1|C2|2|duplicate", [{ grade: "failed", signature: [1, 0] }]], // two operators on one block
  ["F1|C2|2|cancellation", [{ grade: "failed", signature: [0, 0] }]],
  ["F2|C1|0|override", [{ status: "runner_error", grade: null }]],
]);

function synthetic(): TAttempt[] {
  const out: TAttempt[] = [];
  for (const family of ["F1", "F2", "F3"])
    for (const [name, configuration] of [["C1", C1], ["C2", C2]] as const)
      for (const repeat of [0, 1, 2])
        for (const condition of CONDITIONS) {
          const key = `${family}|${name}|${repeat}|${condition}`;
          (plants.get(key) ?? [{}]).forEach((over, i) =>
            out.push(ZAttemptSchema.parse({
              id: `${key}#${i + 1}`, family, condition, configuration, repeat, attempt: i + 1, budgetSec: 1200,
              status: "completed", patch: "diff --git a/x b/x\n", grade: "passed", signature: [1, 1], ...over,
            })),
          );
        }
  // …whose longer-budget rerun succeeds, and is never pooled with the primary budget.
  out.push(ZAttemptSchema.parse({
    id: "F3|C2|0|direct#rerun", family: "F3", condition: "direct", configuration: C2, repeat: 0, attempt: 1, budgetSec: 2400,
    parentId: "F3|C2|0|direct#1", status: "completed", patch: "diff\n", grade: "passed", signature: [1, 1],
  }));
  return out;
}

describe("the decision sequence", () => {
  const { primary, reruns } = decide(synthetic());
  const row = (key: string) => primary.find((r) => `${r.family}|${r.configuration.model === "m1" ? "C1" : "C2"}|${r.repeat}|${r.condition}` === key)!;

  it("decides one row per scheduled row and keeps the longer-budget rerun apart", () => {
    expect(primary).toHaveLength(126);
    expect(reruns).toHaveLength(1);
    expect(reruns[0]).toMatchObject({ kind: "scored", success: true, parentAttemptId: "F3|C2|0|direct#1" });
    expect(row("F3|C2|0|direct")).toMatchObject({ kind: "scored", success: false, failure: "agent_timeout" });
  });

  it("selects the earliest complete attempt within three same-budget provider-limit tries", () => {
    expect(row("F2|C2|0|split")).toMatchObject({ kind: "scored", success: true, attemptId: "F2|C2|0|split#3", providerRetries: 2 });
    expect(row("F2|C2|1|cancellation")).toMatchObject({ kind: "excluded", cause: "provider", attemptId: null, providerRetries: 3 });
  });

  it("scores agent outcomes as fixed-budget failures and external invalidity as attrition", () => {
    expect(row("F2|C1|2|paraphrase_direct")).toMatchObject({ kind: "scored", failure: "no_patch" });
    expect(row("F3|C1|0|length_matched")).toMatchObject({ kind: "scored", failure: "patch_apply_failed" });
    expect(row("F1|C1|0|override")).toMatchObject({ kind: "scored", failure: "verifier_test_failure", signature: [1, 0] });
    expect(row("F3|C1|2|duplicate")).toMatchObject({ kind: "excluded", cause: "metadata" });
    expect(row("F2|C1|0|override")).toMatchObject({ kind: "excluded", cause: "runner" });
  });

  it("leaves an ungraded completed patch pending, neither scored nor attrition", () => {
    const [only] = decide([ZAttemptSchema.parse({ id: "x", family: "F", condition: "direct", configuration: C1, repeat: 0, attempt: 1, budgetSec: 1200, status: "completed", patch: "d\n" })]).primary;
    expect(only!.kind).toBe("pending");
  });
});

describe("the analysis of the synthetic matrix", () => {
  const a = analyze(decide(synthetic()).primary);

  it("counts rows, blocks and the CPV blocks", () => {
    expect(a.rows).toEqual({ planned: 126, scored: 123, successes: 115, failures: 8, excluded: 3, pending: 0 });
    // 18 blocks; three lose a core history to attrition; two of the 15 complete ones fail direct.
    expect(a.blocks).toEqual({ possible: 18, complete: 15, directSuccess: 13, violated: 2 });
  });

  it("computes FCR task-macro per condition, families weighted equally", () => {
    const fcr = (c: TCondition) => a.fcr[c].macro.estimate;
    expect(fcr("direct")).toBeCloseTo((5 / 6 + 1 + 5 / 6) / 3, 10);
    expect(fcr("duplicate")).toBeCloseTo((4 / 6 + 1 + 1) / 3, 10);
    expect(fcr("split")).toBe(1);
    expect(fcr("override")).toBeCloseTo((5 / 6 + 1 + 1) / 3, 10);
    expect(a.fcr.direct.support).toBe(18);
    expect(a.fcr.duplicate.support).toBe(17);
    expect(a.fcr.override.perFamily.find((f) => f.family === "F2")).toEqual({ family: "F2", support: 5, rate: 1 });
  });

  it("computes any-CPV and per-operator CPV conditional on direct success, per family and task-macro", () => {
    expect(a.anyCpv).toMatchObject({ positive: 2, eligible: 13 });
    expect(a.anyCpv.perFamily).toEqual([
      { family: "F1", positive: 2, eligible: 5, rate: 0.4 },
      { family: "F2", positive: 0, eligible: 4, rate: 0 },
      { family: "F3", positive: 0, eligible: 4, rate: 0 },
    ]);
    expect(a.anyCpv.macro.estimate).toBeCloseTo(0.4 / 3, 10);
    expect(a.anyCpv.macro.low).toBeLessThanOrEqual(a.anyCpv.macro.estimate);
    expect(a.anyCpv.macro.high).toBeGreaterThanOrEqual(a.anyCpv.macro.estimate);
    expect(a.cpvByOperator.override).toMatchObject({ positive: 1, eligible: 13 });
    expect(a.cpvByOperator.split).toMatchObject({ positive: 0 });
    expect(a.cpvByOperator.duplicate.macro.estimate).toBeCloseTo(0.2 / 3, 10);
  });

  it("contrasts the controls with direct on paired blocks, in percentage points", () => {
    expect(a.controls.paraphrase_direct.pairs).toBe(18);
    expect(a.controls.paraphrase_direct.differencePp.estimate).toBeCloseTo((100 / 6 - 100 / 6 + 100 / 6) / 3, 10);
    expect(a.controls.length_matched.differencePp.estimate).toBeCloseTo(100 / 6 / 3, 10);
  });

  it("tabulates attrition by cause and configuration", () => {
    expect(a.attrition).toEqual([
      { cause: "metadata", configuration: "m1 · mini", count: 1 },
      { cause: "provider", configuration: "m2 · openhands", count: 1 },
      { cause: "runner", configuration: "m1 · mini", count: 1 },
    ]);
  });

  it("groups direct-success blocks first in the raster and breaks CPV down by configuration", () => {
    expect(a.raster).toHaveLength(15);
    expect(a.raster.slice(0, 13).every((b) => b.directSuccess)).toBe(true);
    expect(a.raster.find((b) => b.violated.length === 2)).toMatchObject({ family: "F1", repeat: 2, violated: ["duplicate", "cancellation"] });
    expect(a.byConfiguration.map((c) => [c.configuration, c.completeBlocks, c.anyCpv.positive, c.anyCpv.eligible])).toEqual([
      ["m1 · mini", 7, 1, 6],
      ["m2 · openhands", 8, 1, 7],
    ]);
  });

  it("prints the method's summary sentence from the figures", () => {
    expect(a.summary).toMatch(/^Of 18 possible blocks, 15 have all core histories scored; direct succeeds in 13 of those, and 2 then fail under at least one contract-equivalent history; any-CPV task-macro 13\.3% \(95% CI /);
  });
});

describe("the method's cancellation example", () => {
  // Ten direct successes become override failures while ten direct failures become override successes.
  const attempts = Array.from({ length: 20 }, (_, repeat) =>
    CONDITIONS.map((condition) => {
      const directWins = repeat < 10;
      const success = condition === "direct" ? directWins : condition === "override" ? !directWins : true;
      return ZAttemptSchema.parse({
        id: `${repeat}-${condition}`, family: "F", condition, configuration: C1, repeat, attempt: 1, budgetSec: 1200,
        status: "completed", patch: "d\n", grade: success ? "passed" : "failed", signature: success ? [1] : [0],
      });
    }),
  ).flat();
  const a = analyze(decide(attempts).primary);

  it("leaves FCR unchanged while CPV is positive", () => {
    expect(a.fcr.direct.macro.estimate).toBe(0.5);
    expect(a.fcr.override.macro.estimate).toBe(0.5);
    expect(a.anyCpv).toMatchObject({ positive: 10, eligible: 10 });
    expect(a.anyCpv.macro.estimate).toBe(1);
  });
});
