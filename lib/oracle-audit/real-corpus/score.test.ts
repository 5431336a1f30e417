import { describe, expect, it } from "vitest";
import { parseCase } from "./schema";
import { scoreRealCorpus, type TCaseObservation, type TObservedDependency } from "./score";

// The scoring arithmetic on a hand-made case and observation (not the audit: its accuracy is
// measured by the bench on the real corpus).
const c = parseCase(
  {
    id: "toy", repo: "o/r", pr: null, url: "https://example.com/o/r", baseCommit: "a".repeat(40), mergeCommit: "b".repeat(40),
    language: "javascript", runner: "tape", traps: [], tests: [{ path: "t.js" }], sources: ["i.js"], probes: ["p1", "p2"],
    histories: { full: "states all", partial: "leaves one out" },
    dependencies: [
      { kind: "name", value: "newFn", module: "../", file: "t.js", probes: ["p1"], class: { full: "specified", partial: "hidden" } },
      { kind: "name", value: "opt", module: "../", owner: "parse", file: "t.js", probes: ["p2"], class: "hidden" },
      { kind: "literal", value: "msg", file: "t.js", class: "visible" },
      { kind: "name", value: "T", module: "../", file: "t.js", class: "hidden", informational: true },
    ],
  },
  "toy.json",
);

const dep = (kind: string, value: string, category: string, extra: Partial<TObservedDependency["dependency"]> = {}): TObservedDependency => ({
  dependency: { kind, value, module: kind === "literal" ? null : "../", owner: null, via: "import", line: 1, ...extra },
  category,
  reason: "because",
});

function observation(): TCaseObservation {
  const deps = {
    full: [dep("name", "newFn", "specified"), dep("name", "opt", "visible", { owner: "parse#1", via: "option" }), dep("literal", "msg", "hidden"), dep("name", "T", "hidden")],
    partial: [dep("name", "newFn", "hidden"), dep("literal", "msg", "visible"), dep("name", "T", "hidden"), dep("name", "extra", "hidden")],
  };
  const finding = (name: string, probeTestIds: string[], more: object = {}) => ({ file: "t.js", kind: name === "msg" ? "literal" : "name", name, module: name === "msg" ? null : "../", probeTestIds, ...more });
  return {
    caseId: "toy", error: null, notAudited: [], testFiles: 1, ms: 10,
    perHistory: {
      full: { classified: [{ file: "t.js", deps: deps.full }], findings: [finding("msg", ["p1"]), finding("T", [], { informational: true })] },
      partial: { classified: [{ file: "t.js", deps: deps.partial }], findings: [finding("newFn", ["p1", "p2"]), finding("T", ["p1"]), finding("extra", ["p2"])] },
    },
  };
}

describe("scoreRealCorpus", () => {
  const s = scoreRealCorpus([c], [observation()]);

  it("counts hidden verdicts per label and history, unlabelled hidden ones as false alarms", () => {
    expect(s.labels).toBe(8);
    expect(s.trulyHidden).toBe(5); // newFn [partial], opt ×2, T ×2
    expect(s.truePositives).toBe(3); // newFn [partial], T ×2
    expect(s.falsePositives).toHaveLength(2); // msg [full], extra [partial]
    expect(s.falseNegatives).toHaveLength(2); // opt: visible in full, not extracted in partial
    expect(s.precision).toBeCloseTo(3 / 5);
    expect(s.recall).toBeCloseTo(3 / 5);
  });

  it("counts blocking findings on no truly hidden dependency per family", () => {
    expect(s.falseFindings.map((f) => f.split(" ")[2])).toEqual(["literal", "name"]);
    expect(s.falseFindingsPerFamily).toBe(2);
  });

  it("checks the blast radius of blocking true positives and the informational call of every true positive", () => {
    expect(s.blastRadius).toMatchObject({ exact: 0, of: 1 }); // newFn: predicted p1+p2, labelled p1
    expect(s.informational).toMatchObject({ correct: 2, of: 3 }); // newFn blocking and T [full] informational agree; T [partial] is reported blocking
  });

  it("records four-class agreement and what was not extracted", () => {
    expect(s.agreement.notExtracted).toBe(1);
    expect(s.agreement.confusion["hidden→not extracted"]).toBe(1);
    expect(s.agreement.equal).toBe(5); // newFn ×2, msg [partial], T ×2
  });

  it("reports a case the audit never observed as an error, not as a silent pass", () => {
    expect(scoreRealCorpus([c], []).errors).toEqual(["toy: not loaded"]);
  });
});

describe("a keyword or option of a function the test binds to the whole module", () => {
  // fastify-plugin's test calls `fp(fn, { encapsulate: true })` after `const fp = require('../plugin')`: the audit
  // names the owner by the test's binding (`fp#1`), the label by the function the module exports (`plugin`).
  const labelled = (owner: string) => parseCase(
    {
      id: "alias", repo: "o/r", pr: null, url: "https://example.com/o/r", baseCommit: "a".repeat(40), mergeCommit: "b".repeat(40),
      language: "javascript", runner: "tape", traps: [], tests: [{ path: "t.js" }], sources: ["plugin.js"], probes: ["p1"],
      histories: { full: "states all", partial: "leaves one out" },
      dependencies: [{ kind: "name", value: "encapsulate", module: "../plugin", owner, file: "t.js", probes: ["p1"], class: "hidden" }],
    },
    "alias.json",
  );
  const observed = (binding: string): TCaseObservation => {
    const deps = [
      dep("path", "../plugin", "visible", { module: null, via: "require", text: binding }),
      dep("name", "encapsulate", "hidden", { module: "../plugin", owner: "fp#1", via: "option" }),
    ];
    const findings = [{ file: "t.js", kind: "name", name: "encapsulate", module: "../plugin", owner: "fp#1", probeTestIds: ["p1"] }];
    return { caseId: "alias", error: null, notAudited: [], testFiles: 1, ms: 1, perHistory: { full: { classified: [{ file: "t.js", deps }], findings }, partial: { classified: [{ file: "t.js", deps }], findings } } };
  };

  it("matches the label that names the module's function", () => {
    const s = scoreRealCorpus([labelled("plugin")], [observed("const fp = require('../plugin')")]);
    expect(s.truePositives).toBe(2);
    expect(s.falsePositives).toEqual([]);
    expect(s.blastRadius).toMatchObject({ exact: 2, of: 2 });
  });

  it("not when the binding is one export of the module (`const { fp } = require(…)`)", () => {
    expect(scoreRealCorpus([labelled("plugin")], [observed("const { fp } = require('../plugin')")]).truePositives).toBe(0);
  });
});

describe("an argument of a method, labelled on the method's class", () => {
  // colord-mix-rgb-space (held-out 22): the label is `mix#2` of `Colord`; the audit's owner is the method, `Colord.mix`.
  const labelled = parseCase(
    {
      id: "method", repo: "o/r", pr: null, url: "https://example.com/o/r", baseCommit: "a".repeat(40), mergeCommit: "b".repeat(40),
      language: "typescript", runner: "jest", traps: [], tests: [{ path: "t.ts" }], sources: ["src/"], probes: ["p1"],
      histories: { full: "states all", partial: "leaves one out" },
      dependencies: [{ kind: "name", value: "mix#2", module: "../src/", owner: "Colord", file: "t.ts", probes: ["p1"], class: "hidden" }],
    },
    "method.json",
  );
  const observed = (owner: string): TCaseObservation => {
    const deps = [dep("name", "mix#2", "hidden", { module: "../src/", owner, via: "argument" })];
    const findings = [{ file: "t.ts", kind: "name", name: "mix#2", module: "../src/", owner, probeTestIds: ["p1"] }];
    return { caseId: "method", error: null, notAudited: [], testFiles: 1, ms: 1, perHistory: { full: { classified: [{ file: "t.ts", deps }], findings }, partial: { classified: [{ file: "t.ts", deps }], findings } } };
  };
  it("matches the audit's owner Colord.mix, not another class's mix", () => {
    expect(scoreRealCorpus([labelled], [observed("Colord.mix")]).truePositives).toBe(2);
    expect(scoreRealCorpus([labelled], [observed("Palette.mix")]).truePositives).toBe(0);
  });
});
