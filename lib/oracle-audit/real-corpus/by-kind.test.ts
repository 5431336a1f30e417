import { describe, expect, it } from "vitest";
import { DEPENDENCY_KINDS, kindOf } from "./by-kind";
import { parseCase } from "./schema";
import { scoreRealCorpus, type TCaseObservation, type TObservedDependency } from "./score";

// One case with a hidden name, a hidden keyword and a visible literal; the audit finds the name,
// misses the keyword, calls the literal hidden and raises one unlabelled hidden name.
const c = parseCase(
  {
    id: "kinds", repo: "o/r", pr: null, url: "https://example.com/o/r", baseCommit: "a".repeat(40), mergeCommit: "b".repeat(40),
    language: "javascript", runner: "tape", traps: [], tests: [{ path: "t.js" }], sources: ["i.js"], probes: ["p1"],
    histories: { full: "states all", partial: "leaves them out" },
    dependencies: [
      { kind: "name", value: "newFn", module: "../", file: "t.js", probes: ["p1"], class: { full: "specified", partial: "hidden" } },
      { kind: "name", value: "strict", module: "../", owner: "parse", file: "t.js", probes: ["p1"], class: { full: "specified", partial: "hidden" } },
      { kind: "literal", value: "msg", file: "t.js", class: "visible" },
    ],
  },
  "kinds.json",
);

const dep = (kind: string, value: string, category: string, extra: Partial<TObservedDependency["dependency"]> = {}): TObservedDependency => ({
  dependency: { kind, value, module: kind === "literal" ? null : "../", owner: null, via: "import", line: 1, ...extra },
  category,
  reason: "because",
});

const observation: TCaseObservation = {
  caseId: "kinds", error: null, notAudited: [], testFiles: 1, ms: 5,
  perHistory: {
    full: { classified: [{ file: "t.js", deps: [dep("name", "newFn", "specified"), dep("name", "strict", "specified", { owner: "parse#kw", via: "keyword" }), dep("literal", "msg", "visible")] }], findings: [] },
    partial: {
      classified: [{ file: "t.js", deps: [dep("name", "newFn", "hidden"), dep("name", "strict", "visible", { owner: "parse#kw", via: "keyword" }), dep("literal", "msg", "hidden"), dep("name", "extra", "hidden")] }],
      findings: [],
    },
  },
};

describe("the real corpus's figures per kind of dependency", () => {
  it("names a function's keywords and arguments apart from plain names", () => {
    expect(kindOf({ kind: "name", owner: null })).toBe("name");
    expect(kindOf({ kind: "name", owner: "parse#2" })).toBe("keyword or argument");
    expect(kindOf({ kind: "literal" })).toBe("literal");
  });

  it("tallies each label's outcome under its kind, an unlabelled false alarm under its own, summing to the whole", () => {
    const s = scoreRealCorpus([c], [observation]);
    expect(s.byKind.name).toEqual({ truePositives: 1, falsePositives: 1, trulyHidden: 1 });
    expect(s.byKind["keyword or argument"]).toEqual({ truePositives: 0, falsePositives: 0, trulyHidden: 1 });
    expect(s.byKind.literal).toEqual({ truePositives: 0, falsePositives: 1, trulyHidden: 0 });
    const sum = (field: "truePositives" | "falsePositives" | "trulyHidden") => DEPENDENCY_KINDS.reduce((n, k) => n + s.byKind[k][field], 0);
    expect([sum("truePositives"), sum("falsePositives"), sum("trulyHidden")]).toEqual([s.truePositives, s.falsePositives.length, s.trulyHidden]);
  });
});
