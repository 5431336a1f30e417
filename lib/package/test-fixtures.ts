// Pure: a small package for unit tests.
import { constructionAudit, type TPackageBody } from "./envelope";
import { defineEnvironment } from "./environment";
import { PACKAGE_SCHEMA, type TPackage } from "./types";

export function samplePackage(): TPackage {
  const atom = (key: string, role: string) => ({
    key, statement: `Behaviour ${key}`, scope: "lookup", inputCondition: "always", polarity: "require", observation: "returns", role,
    replacedBy: [], origin: "curator", anchors: [],
  });
  const body: TPackageBody = {
    schema: PACKAGE_SCHEMA,
    family: { title: "Sample family", suite: "s", version: 1, previousPackage: null },
    provenance: { repo: "/tmp/repo", upstream: "acme/sample", mergedAt: "2024-05-03T14:20:11.000Z", prNumber: 1, baseCommit: "a".repeat(40), mergeCommit: "b".repeat(40), evidence: { diff: "00" }, files: [] },
    contract: { atoms: [atom("A1", "final"), atom("A2", "final")], candidates: [], finalContract: ["A1", "A2"] },
    verifier: {
      setupCommand: null, testCommand: "node --test", resultFormat: "junit" as const, timeoutSec: 120, image: null,
      probes: [{ testId: "t1", atoms: ["A1"] }, { testId: "t2", atoms: ["A2"] }], guardTests: ["t0"], coverage: { A1: ["t1"], A2: ["t2"] }, hiddenTestPatch: "",
    },
    environment: defineEnvironment({ setupCommand: null, testCommand: "node --test", image: null }, { node: "20.20.2", python: null, pytest: null }),
    protocol: { historyPath: "HISTORY.md", historyFormat: "markdown" as const, agentTimeoutSec: 1200, verifierTimeoutSec: 120, retryPolicy: "none" },
    patches: [{ name: "gold", kind: "gold" as const, targetAtom: null, mode: null, diff: "diff --git a/x b/x\n" }],
    histories: [{ condition: "direct", revision: 1, turns: [{ index: 0, text: "Do A1 and A2." }, { index: 1, text: "Again." }] }],
    traces: [{ condition: "direct", revision: 1, turns: [{ index: 0, activated: ["A1", "A2"], deactivated: [], restated: [] }, { index: 1, activated: [], deactivated: [], restated: ["A1"] }] }],
    audit: { revisions: [], gates: [], runs: [
      { kind: "calibrate", role: "gold", patch: "gold", condition: null, status: "passed", signature: "11" },
      { kind: "calibrate", role: "base", patch: null, condition: null, status: "failed", signature: "01" },
    ] },
  };
  return { ...body, construction_audit: constructionAudit(body) };
}
