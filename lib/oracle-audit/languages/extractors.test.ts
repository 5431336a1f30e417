import { describe, expect, it } from "vitest";
import { parseSource } from "@/lib/syntax/parse-source";
import { extractTestFile } from "../extract";
import type { TDependency } from "../types";

async function deps(path: string, source: string) {
  const parsed = await parseSource(path, source);
  if (!parsed.ok) throw new Error(parsed.reason);
  const out = extractTestFile(parsed.file);
  if (!out.ok) throw new Error(out.notAudited.reason);
  return out.extraction;
}
const brief = (d: TDependency) => `${d.kind}:${d.via}:${d.value}${d.owner ? `@${d.owner}` : ""}${d.match ? `/${d.match}` : ""}${d.test ? ` in ${d.test}` : ""}`;

describe("JavaScript / TypeScript extractor", () => {
  it("reads require, jest.mock, dynamic import, members, properties, options and matcher literals", async () => {
    const x = await deps("src/a.test.ts", `const { makeCache } = require("../lib/cache");
const api = require("./api");
jest.mock("../lib/clock");
describe("cache", () => {
  it("expires", async () => {
    const mod = await import("./lazy");
    makeCache.debug = true;
    const c = makeCache(10, { ttlMs: 5 });
    expect(c.get("k")).toBeUndefined();
    expect(api.version).toBe("2.1.0");
    expect(() => c.set()).toThrow(/key required/);
    expect(c.stats()).toHaveProperty("hits.total");
  });
});
`);
    expect(x.tests).toEqual([{ name: "expires", suites: ["cache"], expectsThrow: true, line: 5 }]);
    expect(x.dependencies.map(brief)).toEqual(expect.arrayContaining([
      "path:require:../lib/cache", "name:require:makeCache", "path:require:./api", "path:mock:../lib/clock", "path:dynamic-import:./lazy in expires",
      "name:property:debug@makeCache in expires", "name:option:ttlMs@makeCache#1 in expires", "name:member:version in expires",
      "literal:assert:2.1.0/exact in expires", "literal:raises:key required/regex in expires", "name:property:total in expires",
    ]));
  });
});

describe("JavaScript runners' own words", () => {
  it("reads chai matchers, tape's subtest assertions and node:test subtests as tests of their parents", async () => {
    const x = await deps("test/a.js", `const test = require("tape");
const { expect } = require("chai");
const { label } = require("../lib/label");
test("labels", (t) => {
  expect(label(1)).to.equal("one");
  expect(() => label()).to.throw("needs a number");
  t.test("inner", (st) => {
    st.equal(label(2), "two");
    st.end();
  });
  t.end();
});
`);
    expect(x.tests).toEqual([{ name: "labels", suites: [], expectsThrow: true, line: 4 }, { name: "inner", suites: ["labels"], line: 7, subtest: true }]);
    expect(x.dependencies.map(brief)).toEqual(expect.arrayContaining(["literal:assert:one/exact in labels", "literal:raises:needs a number/contains in labels", "literal:assert:two/exact in inner"]));
  });
});

describe("Python extractor", () => {
  it("reads imports, module attributes, keyword options, pytest.raises(match=…) and assert comparisons", async () => {
    const x = await deps("tests/test_a.py", `import pytest
import pkg.util as util
from pkg.core import Engine, run as go

class TestEngine:
    def test_run(self):
        with pytest.raises(KeyError, match=r"no engine \\w+"):
            go("x", strict=True)
        assert util.VERSION == "1.2"
        assert "ready" in Engine().status()
`);
    expect(x.tests).toEqual([{ name: "test_run", suites: ["TestEngine"], line: 6 }]);
    expect(x.dependencies.map(brief)).toEqual(expect.arrayContaining([
      "path:import:pytest", "path:import:pkg.util", "path:import:pkg.core", "name:import:Engine", "name:import:run",
      "literal:raises:no engine \\w+/regex in test_run", "name:option:strict@run#kw in test_run", "name:member:VERSION in test_run",
      "literal:assert:1.2/exact in test_run", "literal:assert:ready/contains in test_run",
    ]));
  });

  it("decodes a string's escapes as Python does, as the JavaScript extractor does (gaps10); a raw string keeps them", async () => {
    const x = await deps("tests/test_b.py", `from pkg import enc

def test_enc():
    assert enc("/\\x41") == "caf\\xe9 \\u2603 \\U0001F600 \\101\\0"
    assert enc("y") == r"\\x41"
`);
    expect(x.dependencies.filter((d) => d.kind === "literal").map((d) => d.value)).toEqual(["caf\u00e9 \u2603 \u{1F600} A\0", "\\x41"]);
  });
});

describe("literals that reach a comparison through parameters", () => {
  it("JavaScript: a helper's compared parameter, and test.each rows", async () => {
    const x = await deps("test/err.test.js", `const { run } = require("../lib/run");
function expectError(err, code, message) {
  expect(err.code).toBe(code);
  expect(err.message).toBe(message);
}
test("too many", () => { expectError(run(["x"]), "E_MANY", "error: too many arguments: x."); });
test.each([[1, "one"], [2, "two"]])("names %i", (n, expected) => { expect(run([n])).toBe(expected); });
test.each([{ input: 3, want: "three" }])("names $input", ({ input, want }) => { expect(run([input])).toBe(want); });
`);
    const literals = x.dependencies.filter((d) => d.kind === "literal").map(brief);
    expect(literals).toEqual(expect.arrayContaining(["literal:assert:E_MANY/exact in too many", "literal:assert:error: too many arguments: x./exact in too many", "literal:assert:one/exact in names %i", "literal:assert:two/exact in names %i", "literal:assert:three/exact in names $input"]));
  });

  it("Python: pytest.mark.parametrize values and a helper's compared parameter", async () => {
    const x = await deps("tests/test_lists.py", `import pytest
import humanize

def check(items, expected):
    assert humanize.natural_list(items) == expected

@pytest.mark.parametrize("test_args, expected", [(["1", "2", "3"], "1, 2 and 3"), pytest.param(["a"], "only a", id="one")])
def test_natural_list(test_args, expected):
    assert humanize.natural_list(*test_args) == expected

def test_two():
    check(["x", "y"], "x and y")
`);
    const literals = x.dependencies.filter((d) => d.kind === "literal").map(brief);
    expect(literals).toEqual(expect.arrayContaining(["literal:assert:1, 2 and 3/exact in test_natural_list", "literal:assert:only a/exact in test_natural_list", "literal:assert:x and y/exact in test_two"]));
    expect(literals.some((l) => l.includes(":1/") || l.includes(":x/"))).toBe(false);
  });
});

describe("a member of an ES default import", () => {
  // Prompted by held-out-3's defu-array-fn: `import defu from '../src/defu'; defu.arrayFn(…)` was attributed to the
  // module as if arrayFn were a named export; it is a property of the module's default export.
  it("is owned by the default export; a namespace or require binding's member stays the module's", async () => {
    const x = await deps("test/defu.test.ts", `import defu from '../src/defu'\nimport * as ns from '../src/ns'\nconst lib = require('../lib')\ndescribe('defu', () => {\n  it('arrayFn', () => {\n    expect(defu.arrayFn({ a: 1 }, {})).toEqual({ a: 1 })\n    expect(defu.version).toBe(1)\n    expect(ns.other()).toBe(2)\n    expect(lib.third).toBe(3)\n  })\n})\n`);
    const named = x.dependencies.filter((d) => d.kind === "name" && d.via.startsWith("member")).map((d) => `${d.via}:${d.value}@${d.owner ?? "-"} from ${d.module}`);
    expect(named).toEqual(["member-call:arrayFn@default from ../src/defu", "member:version@default from ../src/defu", "member-call:other@- from ../src/ns", "member:third@- from ../lib"]);
  });
});
