import "server-only";
// Test helper: the frozen package of a runner fixture (lib/runner/testing/runner-families.ts)
// as freeze would write it, with its calibration signatures (gold, base, each negative) from real
// runs through the studio's runner and its environment from the sandbox runtime.
import { executeRun } from "@/lib/runner/execute";
import type { RunnerFixture } from "@/lib/runner/testing/runner-families";
import { constructionAudit, type TPackageBody } from "../envelope";
import { defineEnvironment } from "../environment";
import { packageHash } from "../hash";
import { recordRuntimeFacts } from "../runtime-facts";
import { PACKAGE_SCHEMA, type TPackage } from "../types";

export async function fixturePackage(fixture: RunnerFixture, cacheDir: string, title = `Clamp (${fixture.runner})`): Promise<{ content: TPackage; hash: string }> {
  const probes = [
    { testId: fixture.probes.A1, atoms: ["A1"] },
    { testId: fixture.probes.A2, atoms: ["A2"] },
    { testId: fixture.guard, atoms: [] as string[] },
  ];
  const verifier = {
    setupCommand: fixture.setupCommand, testCommand: fixture.testCommand, resultFormat: fixture.resultFormat, timeoutSec: 120, image: null,
    probes, guardTests: [fixture.guard], coverage: { A1: [fixture.probes.A1], A2: [fixture.probes.A2] }, hiddenTestPatch: fixture.hiddenTestPatch,
  };
  const patches = [
    { name: "gold", kind: "gold" as const, targetAtom: null, mode: null, diff: fixture.goldPatch },
    { name: "breaks-A1", kind: "negative" as const, targetAtom: "A1", mode: "omit", diff: fixture.negatives.A1 },
    { name: "breaks-A2", kind: "negative" as const, targetAtom: "A2", mode: "omit", diff: fixture.negatives.A2 },
  ];
  const signature = async (patch: string | null) => {
    const result = await executeRun(
      {
        repoUrl: fixture.repoDir, baseCommit: fixture.baseCommit, setupCommand: fixture.setupCommand, testCommand: fixture.testCommand,
        resultFormat: fixture.resultFormat, hiddenTestPatch: fixture.hiddenTestPatch, timeoutMs: 120_000, image: null, patch, historyFile: null,
        probes: probes.map((p) => p.testId),
      },
      { cacheDir },
    );
    if (result.signature === null) throw new Error(`calibration run failed: ${result.outcome} ${result.message}`);
    return result.signature;
  };
  const runs = [
    { kind: "calibrate", role: "gold", patch: "gold", condition: null, status: "passed", signature: await signature(fixture.goldPatch) },
    { kind: "calibrate", role: "base", patch: null, condition: null, status: "failed", signature: await signature(null) },
    { kind: "calibrate", role: "negative", patch: "breaks-A1", condition: null, status: "failed", signature: await signature(fixture.negatives.A1) },
    { kind: "calibrate", role: "negative", patch: "breaks-A2", condition: null, status: "failed", signature: await signature(fixture.negatives.A2) },
  ];
  const atom = (key: string) => ({ key, statement: `Behaviour ${key}`, scope: "clamp", inputCondition: "always", polarity: "require", observation: "returns", role: "final", replacedBy: [], origin: "curator", anchors: [] });
  const body: TPackageBody = {
    schema: PACKAGE_SCHEMA,
    family: { title, suite: "fixtures", version: 1, previousPackage: null },
    provenance: {
      repo: fixture.repoDir, upstream: "rangekit-org/rangekit", mergedAt: "2024-05-03T14:20:11.000Z", prNumber: 12,
      baseCommit: fixture.baseCommit, mergeCommit: fixture.mergeCommit, evidence: {}, files: [],
    },
    contract: { atoms: [atom("A1"), atom("A2")], candidates: [], finalContract: ["A1", "A2"] },
    verifier,
    environment: defineEnvironment(verifier, await recordRuntimeFacts(fixture.testCommand)),
    protocol: { historyPath: "HISTORY.md", historyFormat: "markdown", agentTimeoutSec: 1200, verifierTimeoutSec: 120, retryPolicy: "none" },
    patches,
    histories: ["direct", "split"].map((condition) => ({ condition, revision: 1, turns: [{ index: 0, text: "Add clamp(value, low, high)." }] })),
    traces: ["direct", "split"].map((condition) => ({ condition, revision: 1, turns: [{ index: 0, activated: ["A1", "A2"], deactivated: [], restated: [] }] })),
    audit: { revisions: [], gates: [], runs },
  };
  const content = { ...body, construction_audit: constructionAudit(body) };
  return { content, hash: packageHash(content) };
}
