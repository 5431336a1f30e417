import { describe, expect, it } from "vitest";
import { buildGateReport } from "./report";
import { greenFamily } from "./test-fixtures";
import { ZFamilyFactsSchema } from "./types";

describe("gate report", () => {
  it("is green through path construction for a complete family; audit is not reported yet", () => {
    const report = buildGateReport(greenFamily());
    expect(report.stages.map((s) => [s.stage, s.status, s.locked])).toEqual([
      ["anchoring", "pass", false],
      ["reconciliation", "pass", false],
      ["calibration", "pass", false],
      ["paths", "pass", false],
      ["audit", "pending", false],
      ["freeze", "pending", true],
    ]);
    expect(report.openStage).toBe("audit");
    expect(report.stages[5]!.gates[0]!.missing).toBe("A lead can freeze the package once every earlier gate is green.");
    expect(report.status).toBe("pending");
    for (const stage of report.stages.slice(0, 4)) {
      for (const gate of stage.gates) expect([gate.key, gate.missing]).toEqual([gate.key, null]);
    }
  });

  it("locks every stage after one that is not green, and says why", () => {
    const facts = greenFamily();
    facts.runs[0] = { ...facts.runs[0]!, status: "queued" };
    const report = buildGateReport(facts);
    expect(report.stages[0]).toMatchObject({ status: "pending", locked: false, missing: "The base checkout job is queued." });
    for (const stage of report.stages.slice(1)) {
      expect(stage).toMatchObject({ status: "pending", locked: true, missing: "Opens when Source anchoring is green." });
    }
    expect(report.stages[1]!.gates.every((g) => g.status === "pass")).toBe(true);
    expect(report.openStage).toBe("anchoring");
  });

  it("reports a failing stage as fail, then locks the rest", () => {
    const facts = greenFamily();
    facts.atoms[0] = { ...facts.atoms[0]!, scope: "" };
    const report = buildGateReport(facts);
    expect(report.stages.map((s) => s.status)).toEqual(["pass", "fail", "pending", "pending", "pending", "pending"]);
    expect(report.stages[1]!.missing).toBe("A1 has no scope.");
    expect(report.status).toBe("fail");
  });

  it("serializes facts through the zod schema unchanged", () => {
    const facts = greenFamily();
    expect(ZFamilyFactsSchema.parse(JSON.parse(JSON.stringify(facts)))).toEqual(facts);
  });
});
