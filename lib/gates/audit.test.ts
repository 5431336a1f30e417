import { describe, expect, it } from "vitest";
import { buildGateReport } from "./report";
import { gateOf, greenFamily } from "./test-fixtures";
import type { TFamilyFacts } from "./types";

function reviewed(finalSet?: string[]): TFamilyFacts {
  const facts = greenFamily();
  const goldOf = (turns: { activated: string[]; deactivated: string[] }[]) => {
    const active = new Set<string>();
    for (const t of turns) {
      t.deactivated.forEach((k) => active.delete(k));
      t.activated.forEach((k) => active.add(k));
    }
    return [...active];
  };
  facts.audit = {
    curatorIds: ["cur"],
    reviews: facts.histories.flatMap((h) => ["r1", "r2"].map((reviewerId) => ({ revisionId: h.revisionId, reviewerId, finalSet: finalSet ?? goldOf(h.turns), ambiguous: false }))),
  };
  return facts;
}

describe("audit gate (stand-in)", () => {
  it("passes with two independent reviews per history that match gold, and opens freeze", () => {
    const report = buildGateReport(reviewed());
    expect(report.stages.map((s) => s.status)).toEqual(["pass", "pass", "pass", "pass", "pass", "pending"]);
    expect(report.stages[5]!.gates[0]!.missing).toBe("Every gate is green; a lead can freeze the package.");
  });

  it("does not count a curator's review, and fails a final set that differs from gold", () => {
    const facts = reviewed();
    facts.audit!.curatorIds = ["r2"];
    expect(gateOf(facts, "audit", "reviews")).toMatchObject({ status: "pending", missing: expect.stringContaining("1 of 2 independent") });
    expect(gateOf(reviewed(["A1"]), "audit", "reviews").status).toBe("fail");
  });
});
