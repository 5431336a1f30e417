import { describe, expect, it } from "vitest";
import { oracleAuditGate } from "./oracle-audit";
import type { TOracleAuditFacts } from "./oracle-audit-facts";
import type { TFamilyFacts } from "./types";

const histories = [
  { revisionId: "r1", condition: "direct" as const, turns: [] },
  { revisionId: "r2", condition: "split" as const, turns: [] },
];
const facts = (o: TOracleAuditFacts | undefined) => ({ histories, oracleAudit: o }) as unknown as TFamilyFacts;
const hidden = (revisionId: string, resolution: "addendum" | "waived" | null = null) => ({
  revisionId, category: "hidden" as const, kind: "name", name: "valueSSE", buildUnit: "test/sse.test.js", probes: 2, resolution, reason: "gold introduces it",
});
const base: TOracleAuditFacts = { currentRevisionKeys: ["r1@1", "r2@1"], audit: { revisionKeys: ["r1@1", "r2@1"], goldCurrent: true }, running: false, findings: [] };

describe("oracle-audit gate", () => {
  it("waits for an audit of every current revision", () => {
    expect(oracleAuditGate(facts({ ...base, audit: null })).status).toBe("pending");
    const stale = oracleAuditGate(facts({ ...base, currentRevisionKeys: ["r1@1", "r2@2"] }));
    expect(stale.status).toBe("pending");
    expect(stale.missing).toContain("split");
  });
  it("fails, saying why, when the last audit run could not audit", () => {
    const gate = oracleAuditGate(facts({ ...base, audit: null, lastRunFailure: "the gold patch does not apply: corrupt patch at line 3" }));
    expect(gate.status).toBe("fail");
    expect(gate.missing).toContain("gold patch does not apply");
  });
  it("fails on an unresolved hidden dependency, naming history, name and probes", () => {
    const gate = oracleAuditGate(facts({ ...base, findings: [hidden("r1"), hidden("r2", "waived")] }));
    expect(gate.status).toBe("fail");
    expect(gate.missing).toBe("direct: hidden `valueSSE` (2 probes).");
  });
  it("fails on a test file it could not read until a lead waives it", () => {
    const file = { ...hidden("r1"), revisionId: null, category: "not_audited" as const, name: "test/x.go", reason: "the audit reads no .go files" };
    expect(oracleAuditGate(facts({ ...base, findings: [file] })).missing).toContain("Not audited: test/x.go (the audit reads no .go files)");
    const waived = oracleAuditGate(facts({ ...base, findings: [{ ...file, resolution: "waived" }] }));
    expect(waived.status).toBe("pass");
    expect(waived.evidence).toContainEqual({ label: "not audited (waived)", detail: "test/x.go" });
  });
  it("passes when every finding is resolved", () => {
    expect(oracleAuditGate(facts({ ...base, findings: [hidden("r1", "waived")] })).status).toBe("pass");
  });
});

describe("oracle-audit gate, resolve once and incremental", () => {
  it("is not green on a stale audit: a history's text changed since", () => {
    const gate = oracleAuditGate(facts({ ...base, currentRevisionKeys: ["r1@1", "r2@changed"], findings: [] }));
    expect(gate.status).not.toBe("pass");
    expect(gate.missing).toContain("The text of split changed since the last audit");
  });
  it("fails when the latest run failed, even with an older audit of the current text, and says the findings are older", () => {
    const gate = oracleAuditGate(facts({ ...base, lastRunFailure: "The audit could not run: the gold patch does not apply (src/x.js)." }));
    expect(gate.status).toBe("fail");
    expect(gate.missing).toMatch(/last audit run failed: .*src\/x\.js.* earlier audit/);
  });
  it("never blocks on a hidden dependency no probe runs (informational), and says so", () => {
    const gate = oracleAuditGate(facts({ ...base, findings: [{ ...hidden("r1"), name: "expectType", probes: 0 }] }));
    expect(gate.status).toBe("pass");
    expect(gate.evidence).toContainEqual({ label: "informational (no probe runs it)", detail: "`expectType`" });
    expect(oracleAuditGate(facts({ ...base, findings: [{ ...hidden("r1"), name: "expectType", probes: 0 }, hidden("r2")] })).status).toBe("fail");
    // Without any probe yet, nothing is judged informational.
    expect(oracleAuditGate(facts({ ...base, probeCount: 0, findings: [{ ...hidden("r1"), name: "expectType", probes: 0 }] })).status).toBe("fail");
  });
});
