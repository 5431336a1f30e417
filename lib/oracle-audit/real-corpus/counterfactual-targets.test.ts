import { describe, expect, it } from "vitest";
import { counterfactualTargets } from "./counterfactual-targets";
import { parseCase } from "./schema";
import type { TCaseObservation, TObservedDependency } from "./score";

// Which findings the counterfactual bench runs: every blocking one, keyed as the audit keys it.
const c = parseCase(
  {
    id: "toy", repo: "o/r", pr: null, url: "https://example.com/o/r", baseCommit: "a".repeat(40), mergeCommit: "b".repeat(40),
    language: "javascript", runner: "tape", traps: [], tests: [{ path: "t.js" }], sources: ["i.js"], probes: ["p1", "p2"],
    histories: { full: "states all", partial: "leaves one out" },
    dependencies: [
      { kind: "name", value: "encapsulate", module: "../plugin", owner: "fp", file: "t.js", probes: ["p1"], class: { full: "specified", partial: "hidden" } },
      { kind: "literal", value: "msg", file: "t.js", probes: ["p2"], class: { full: "specified", partial: "hidden" } },
    ],
  },
  "toy.json",
);

const option: TObservedDependency = { dependency: { kind: "name", value: "encapsulate", module: "../plugin", owner: "fp#1", via: "option", line: 3 }, category: "hidden", reason: "gold introduces it" };
const literal: TObservedDependency = { dependency: { kind: "literal", value: "msg", module: null, owner: null, via: "assert", line: 5 }, category: "hidden", reason: "gold introduces it" };

function observation(): TCaseObservation {
  const partial = {
    classified: [{ file: "t.js", deps: [option, literal] }],
    findings: [
      { dependencyKey: "name:../plugin:encapsulate@fp", file: "t.js", kind: "name", name: "encapsulate", module: "../plugin", owner: "fp", probeTestIds: ["p2"], informational: false },
      { dependencyKey: "literal::msg", file: "t.js", kind: "literal", name: "msg", module: null, probeTestIds: ["p2"], informational: false },
    ],
  };
  return { caseId: "toy", error: null, notAudited: [], testFiles: 1, ms: 1, perHistory: { full: { classified: partial.classified, findings: [] }, partial } };
}

describe("counterfactual targets", () => {
  it("runs a blocking finding on a function's option, keyed with its owner, on the option's occurrence and label", () => {
    const targets = counterfactualTargets(c.dependencies, observation());
    const opt = targets.find((t) => t.dependency.value === "encapsulate");
    expect(opt, "the option finding is a target").toBeDefined();
    expect(opt!.dependency.via).toBe("option");
    expect([...opt!.predicted]).toEqual(["p2"]);
    expect(opt!.labels.map((l) => l.value)).toEqual(["encapsulate"]);
  });

  it("runs a literal's finding once, with the labels that call it hidden", () => {
    const targets = counterfactualTargets(c.dependencies, observation());
    expect(targets.map((t) => t.key).sort()).toEqual(["literal::msg", "name:../plugin:encapsulate@fp"]);
    expect(targets.find((t) => t.key === "literal::msg")!.labels.map((l) => l.value)).toEqual(["msg"]);
  });

  it("leaves out informational findings", () => {
    const obs = observation();
    obs.perHistory.partial.findings = obs.perHistory.partial.findings.map((f) => ({ ...f, informational: true }));
    expect(counterfactualTargets(c.dependencies, obs)).toEqual([]);
  });
});
