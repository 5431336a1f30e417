import { describe, expect, it } from "vitest";
import { auditFiles, definitionsOfFiles } from "./audit-files";
import { probesOfTest } from "./findings";

// Probe ids as the collection stores them (lib/runner/parsers: junit.ts, tap.ts).
const tc = (name: string, suites: string[] = [], extra: { subtest?: boolean } = {}) => ({ name, suites, line: 1, ...extra });

describe("findings map to probes through the ids collection recorded", () => {
  it("node:test and vitest: file::describe > … > name, or the chain alone", () => {
    const ids = ["test/a.test.js::outer > inner > adds", "outer > inner > adds", "test/b.test.js::outer > inner > adds", "adds", "other > adds"];
    expect(probesOfTest(ids, "test/a.test.js", tc("adds", ["outer", "inner"]))).toEqual(["test/a.test.js::outer > inner > adds", "outer > inner > adds"]);
  });

  it("mocha xunit: file::<describe titles> <test>, joined by a space (also with no file)", () => {
    const ids = ["test/clamp.test.js::clamp nested deep", "::clamp nested deep", "test/clamp.test.js::top", "test/clamp.test.js::deep"];
    expect(probesOfTest(ids, "test/clamp.test.js", tc("deep", ["clamp", "nested"]))).toEqual(["test/clamp.test.js::clamp nested deep", "::clamp nested deep"]);
    expect(probesOfTest(ids, "test/clamp.test.js", tc("top"))).toEqual(["test/clamp.test.js::top"]);
  });

  it("jest-junit: suite::<describe> <test>, the suite being the file or its outer describe", () => {
    const ids = ["clamp::clamp returns the lower bound", "src/add.test.js::adds numbers", "other::clamp returns the lower bound"];
    expect(probesOfTest(ids, "src/clamp.test.js", tc("returns the lower bound", ["clamp"]))).toEqual(["clamp::clamp returns the lower bound"]);
    expect(probesOfTest(ids, "src/add.test.js", tc("adds numbers"))).toEqual(["src/add.test.js::adds numbers"]);
  });

  it("tape: the test's own name, a subtest's too", () => {
    expect(probesOfTest(["parses", "inner", "parses x"], "test/parse.js", tc("parses"))).toEqual(["parses"]);
    expect(probesOfTest(["parses", "inner"], "test/parse.js", tc("inner", ["parses"], { subtest: true }))).toEqual(["inner"]);
  });

  it("pytest and unittest: file::Class::test, module.Class::test — never the method name alone", () => {
    const ids = [
      "tests/test_mod.py::TestA::test_basic", "tests/test_mod.py::TestB::test_basic", "tests/test_other.py::TestA::test_basic",
      "tests.test_mod.TestA::test_basic", "tests.test_mod.TestB::test_basic", "test_basic", "tests/test_mod.py::test_basic",
    ];
    expect(probesOfTest(ids, "tests/test_mod.py", tc("test_basic", ["TestA"]))).toEqual(["tests/test_mod.py::TestA::test_basic", "tests.test_mod.TestA::test_basic"]);
    expect(probesOfTest(ids, "tests/test_mod.py", tc("test_basic"))).toEqual(["test_basic", "tests/test_mod.py::test_basic"]);
  });

  it("parametrized and test.each tests map to every expanded id", () => {
    expect(probesOfTest(["tests/test_calc.py::test_lt[1-2]", "tests/test_calc.py::test_lt[2-3]", "tests/test_calc.py::test_ltx"], "tests/test_calc.py", tc("test_lt"))).toEqual(["tests/test_calc.py::test_lt[1-2]", "tests/test_calc.py::test_lt[2-3]"]);
    expect(probesOfTest(["tests.test_calc::test_lt[1-2]"], "tests/test_calc.py", tc("test_lt"))).toEqual(["tests.test_calc::test_lt[1-2]"]);
    const each = ["src/a.test.ts::math > adds 1 + 2", "src/a.test.ts::math > adds 2 + 3", "src/a.test.ts::math > subtracts"];
    expect(probesOfTest(each, "src/a.test.ts", tc("adds %i + %i", ["math"]))).toEqual(each.slice(0, 2));
    expect(probesOfTest(each, "src/a.test.ts", tc("adds $a + $b", ["math"]))).toEqual(each.slice(0, 2));
  });
});

describe("only what the verifier runs can block", () => {
  it("keys a dependency by its test, not by the test's name, and marks findings with no probe informational", async () => {
    const base = await definitionsOfFiles({ "pkg/__init__.py": "", "pkg/core.py": "def run():\n    return 1\n" });
    const gold = await definitionsOfFiles({ "pkg/__init__.py": "", "pkg/core.py": "def run():\n    return 1\n\ndef fresh():\n    return 'brand new value'\n", "src/pkg.ts": "export function fresh(): string {\n  return 'brand new value';\n}\n" });
    const testFiles = {
      "tests/test_core.py": `from pkg import core

class TestA:
    def test_basic(self):
        assert core.fresh() == "brand new value"

class TestB:
    def test_basic(self):
        assert core.run() == 1
`,
      "src/types.test-d.ts": `import { expectType } from "tsd";\nimport { fresh } from "./pkg";\nexpectType<string>(fresh());\n`,
    };
    const probeTestIds = ["tests/test_core.py::TestA::test_basic", "tests/test_core.py::TestB::test_basic"];
    const audit = await auditFiles({ base, gold, testFiles, histories: [{ revisionId: "r", condition: "direct", text: "Nothing." }], probeTestIds });
    const findings = audit.histories[0]!.findings;
    const literal = findings.find((f) => f.kind === "literal")!;
    expect(literal.probeTestIds).toEqual(["tests/test_core.py::TestA::test_basic"]);
    expect(literal.informational).toBe(false);
    const typeTest = findings.filter((f) => f.file === "src/types.test-d.ts");
    expect(typeTest.length).toBeGreaterThan(0);
    expect(typeTest.every((f) => f.informational && f.probeTestIds.length === 0)).toBe(true);
  });
});

describe("test names as the runner sees them", () => {
  it("mocha's suite('name') without a callback, and names built at run time, map to their ids", async () => {
    const base = await definitionsOfFiles({ "src/q.ts": "export const f = (s: string) => s;\n" });
    const testFiles = {
      "test/serialize.js": `var assert = require('assert');\nvar q = require('../src/q');\nsuite('serialize');\ntest('priority', function () { assert.equal(q.f('a'), 'brand new output'); });\n`,
      "test/loop.test.ts": `import { test, expect } from "vitest";\nimport { f } from "../src/q";\nfor (const t of [{ input: "/a" }, { input: "/b" }]) {\n  test(t.input + ' filter "bar"', () => { expect(f(t.input)).toBe("fresh output"); });\n}\n`,
    };
    const gold = await definitionsOfFiles({ "src/q.ts": "export const f = (s: string) => s === 'a' ? 'brand new output' : 'fresh output';\n" });
    const probeTestIds = ["test/serialize.js::serialize priority", 'test/loop.test.ts::/a filter "bar"', 'test/loop.test.ts::/b filter "bar"'];
    const audit = await auditFiles({ base, gold, testFiles, histories: [{ revisionId: "r", condition: "direct", text: "" }], probeTestIds });
    const findings = Object.fromEntries(audit.histories[0]!.findings.map((f) => [f.name, f.probeTestIds]));
    expect(findings["brand new output"]).toEqual(["test/serialize.js::serialize priority"]);
    expect(findings["fresh output"]).toEqual(probeTestIds.slice(1));
  });

  it("a test named only by a value (`${t.input}`) maps to every id of its describe and blocks", async () => {
    // ufo-without-fragment (held-out): the finding was informational, so the gate never blocked on it.
    const base = await definitionsOfFiles({ "src/q.ts": "export const f = (s: string) => s;\n" });
    const gold = await definitionsOfFiles({ "src/q.ts": "export const f = (s: string) => s;\nexport const cut = (s: string) => s.split('#')[0];\n" });
    const testFiles = { "test/cut.test.ts": `import { describe, test, expect } from "vitest";\nimport { f, cut } from "../src/q";\ndescribe("cut", () => {\n  for (const t of [{ input: "/a#x" }, { input: "/b#y" }]) {\n    test(\`\${t.input}\`, () => { expect(cut(t.input)).toBe(f("/a")); });\n  }\n});\n` };
    const probeTestIds = ["test/cut.test.ts::cut > /a#x", "test/cut.test.ts::cut > /b#y", "test/cut.test.ts::other > /a#x"];
    const audit = await auditFiles({ base, gold, testFiles, histories: [{ revisionId: "r", condition: "direct", text: "" }], probeTestIds });
    const cut = audit.histories[0]!.findings.find((f) => f.name === "cut")!;
    expect(cut.probeTestIds).toEqual(probeTestIds.slice(0, 2));
    expect(cut.informational).toBe(false);
  });

  it("a type-only import is informational: erased at run time", async () => {
    const base = await definitionsOfFiles({ "src/a.ts": "export const a = 1;\n" });
    const gold = await definitionsOfFiles({ "src/a.ts": "export const a = 1;\nexport type Fresh = { a: number };\nexport const fresh = 2;\n" });
    const testFiles = { "test/a.test.ts": `import { test, expect } from "vitest";\nimport { a, fresh, type Fresh } from "../src/a";\ntest("a", () => { const x: Fresh = { a }; expect(x.a + fresh).toBe(3); });\n` };
    const audit = await auditFiles({ base, gold, testFiles, histories: [{ revisionId: "r", condition: "direct", text: "" }], probeTestIds: ["test/a.test.ts::a"] });
    const byName = Object.fromEntries(audit.histories[0]!.findings.map((f) => [f.name, f.informational]));
    expect(byName).toEqual({ Fresh: true, fresh: false });
  });
});

describe("an option the base ignores fails only the tests it can change", () => {
  // cookie-partitioned, object-inspect-numeric-separator (development) and qs-parse-strict-depth (first held-out
  // set): without the option the code takes the base's path, so a test that passes it as false, or expects no
  // error and compares only what the base computes, passes anyway. The tests it can fail expect an error or
  // compare text gold writes.
  it("blocks the tests that expect a throw or gold's text, not the others", async () => {
    const baseSrc = "exports.parse = function (str, opts) {\n  var depth = opts && opts.depth;\n  return { value: str, depth: depth };\n};\nexports.serialize = function (name, val, opt) {\n  var s = name + '=' + val;\n  return s;\n};\n";
    const goldSrc = baseSrc
      .replace("  return { value: str, depth: depth };", "  if (opts && opts.strictDepth && str.length > depth) throw new RangeError('Input depth exceeded');\n  return { value: str, depth: depth };")
      .replace("  return s;", "  if (opt && opt.partitioned) s += '; Partitioned';\n  return s;");
    const base = await definitionsOfFiles({ "index.js": baseSrc });
    const gold = await definitionsOfFiles({ "index.js": goldSrc });
    const testFiles = {
      "test/index.js": `var test = require('tape');
var qs = require('../');

test('throws when too deep', function (t) {
  t['throws'](function () { qs.parse('abcdef', { depth: 1, strictDepth: true }); }, RangeError);
  t.end();
});
test('does not throw within the limit', function (t) {
  t.doesNotThrow(function () { qs.parse('a', { depth: 1, strictDepth: true }); });
  t.end();
});
test('includes the flag when true', function (t) {
  t.equal(qs.serialize('foo', 'bar', { partitioned: true }), 'foo=bar; Partitioned');
  t.end();
});
test('leaves it out when false', function (t) {
  t.equal(qs.serialize('foo', 'bar', { partitioned: false }), 'foo=bar');
  t.end();
});
`,
    };
    const probeTestIds = ["throws when too deep", "does not throw within the limit", "includes the flag when true", "leaves it out when false"];
    const audit = await auditFiles({ base, gold, testFiles, histories: [{ revisionId: "r", condition: "direct", text: "Add two options." }], probeTestIds });
    const finding = (name: string) => audit.histories[0]!.findings.find((f) => f.name === name)!;
    expect(finding("strictDepth").probeTestIds).toEqual(["throws when too deep"]);
    expect(finding("partitioned").probeTestIds).toEqual(["includes the flag when true"]);
    expect(finding("partitioned").informational).toBe(false);
  });
});

describe("a tape test that throws ends its file", () => {
  // bl-prepend-get-buffers (held-out 17): tape catches no error, so `bl.prepend(…)` on a list without the method throws
  // a TypeError that ends the process, and the file's later tests never run — the counterfactual failed the sixth
  // test, `getBuffers`, which calls no `prepend`, and the five predicted read "error".
  const baseSrc = "function List () { this.bufs = [] }\nList.prototype.append = function (b) { this.bufs.push(b); return this }\nmodule.exports = List\n";
  const goldSrc = `${baseSrc}List.prototype.prepend = function (b) { this.bufs.unshift(b); return this }\nList.prototype.size = 'brand new size'\n`;
  const body = (runner: string) => `var test = require('${runner}');
var List = require('../');

test('appends', function (t) {
  t.equal(new List().append('a').bufs.length, 1);
  t.end();
});
test('prepends', function (t) {
  t.equal(new List().prepend('a').bufs[0], 'a');
  t.end();
});
test('refuses nothing', function (t) {
  t.doesNotThrow(function () { new List().prepend('b'); });
  t.end();
});
test('reads the size', function (t) {
  t.equal(new List().size, 'brand new size');
  t.end();
});
`;
  const ids = ["appends", "prepends", "refuses nothing", "reads the size"];
  const findingsOf = async (runner: string) => {
    const audit = await auditFiles({
      base: await definitionsOfFiles({ "index.js": baseSrc }), gold: await definitionsOfFiles({ "index.js": goldSrc }), testFiles: { "test/test.js": body(runner) },
      histories: [{ revisionId: "r", condition: "direct", text: "Let a list take buffers at its front." }], probeTestIds: ids,
    });
    return Object.fromEntries(audit.histories[0]!.findings.map((f) => [f.name, f.probeTestIds]));
  };

  it("a name a test calls blocks that test and every later test of the file, a value read or compared only its own", async () => {
    const findings = await findingsOf("tape");
    expect(findings.prepend).toEqual(["prepends", "refuses nothing", "reads the size"]);
    expect(findings.size).toEqual(["reads the size"]);
  });

  it("under a runner that catches a test's error, only the tests that call it", async () => {
    const findings = await findingsOf("tap");
    expect(findings.prepend).toEqual(["prepends", "refuses nothing"]);
  });
});

describe("a test file another test file loads", () => {
  // js-yaml-null-empty-style (development): test/issues/0570.js is required by test/30-issues.js inside its
  // `Issues` suite, so mocha reports its tests as `test/30-issues.js::Issues <test>`; the finding mapped to no
  // probe and read informational, though the verifier runs the test.
  it("maps its tests to the loader's ids that end with the test's own title", async () => {
    const base = await definitionsOfFiles({ "lib/dump.js": "exports.dump = function (v) { return String(v); };\n" });
    const gold = await definitionsOfFiles({ "lib/dump.js": "exports.dump = function (v, o) { return o && o.empty ? '' : String(v); };\nexports.EMPTY = 'empty-style';\n" });
    const testFiles = { "test/issues/0570.js": "var assert = require('assert');\nvar yaml = require('../../lib/dump.js');\n\nit('should dump null in different styles', function () {\n  assert.strictEqual(yaml.EMPTY, 'empty-style');\n});\n" };
    const probeTestIds = ["test/30-issues.js::Issues should dump null in different styles", "test/30-issues.js::Issues should load other things", "test/10-loader.js::Loader works"];
    const audit = await auditFiles({ base, gold, testFiles, histories: [{ revisionId: "r", condition: "direct", text: "Add a style." }], probeTestIds });
    const finding = audit.histories[0]!.findings.find((f) => f.name === "EMPTY")!;
    expect(finding.probeTestIds).toEqual(["test/30-issues.js::Issues should dump null in different styles"]);
    expect(finding.informational).toBe(false);
  });
});

describe("a test titled by a call inside a loop over a table (branch gaps5)", () => {
  // knitwork-dynamic-type-import (held-out 5): `for (const t of tests) { it(genTestTitle(t.code), …) }` — the title is
  // computed at run time, so the finding mapped to no probe and read "informational" though 5 recorded ids fail.
  const base = { "src/index.ts": "export function gen(a: string) {\n  return a;\n}\n" };
  const gold = { "src/index.ts": base["src/index.ts"] + "export function genType(a: string) {\n  return `typeof ${a}`;\n}\n" };
  const body = (loop: boolean) => `import { it, expect, describe } from "vitest";\nimport { gen, genType } from "../src";\nconst title = (s: string) => s.replace(/\\n/g, " ");\nconst rows = [{ code: "typeof a" }, { code: "typeof b" }];\ndescribe("genType", () => {\n${loop ? "  for (const t of rows) {\n    it(title(t.code), () => {\n      expect(genType(t.code.slice(7))).toBe(t.code);\n    });\n  }\n" : "  it(title('typeof a'), () => {\n    expect(genType('a')).toBe('typeof a');\n  });\n"}});\ndescribe("gen", () => {\n  it("keeps", () => {\n    expect(gen("x")).toBe("x");\n  });\n});\n`;
  const ids = ["test/a.test.ts::genType > typeof a", "test/a.test.ts::genType > typeof b", "test/a.test.ts::gen > keeps"];
  const findingsOf = async (loop: boolean) => {
    const a = await auditFiles({
      base: await definitionsOfFiles(base), gold: await definitionsOfFiles({ ...base, ...gold }), testFiles: { "test/a.test.ts": body(loop) },
      histories: [{ revisionId: "r", condition: "direct", text: "Write the type of a value." }], probeTestIds: ids,
    });
    return a.histories[0]!.findings.filter((f) => f.kind === "name").map((f) => `${f.name}:${f.informational ? "informational" : "blocking"}:${f.probeTestIds.join(",")}`);
  };
  it("maps to every recorded id of that test site (the loop's suite), and blocks", async () => {
    expect(await findingsOf(true)).toEqual(["genType:blocking:test/a.test.ts::genType > typeof a,test/a.test.ts::genType > typeof b"]);
  });
  it("a call title outside a loop is not read as any title of its suite", async () => {
    expect((await findingsOf(false)).join()).not.toContain("genType > typeof");
  });
});

describe("a module function named `test`, called with data inside a test (branch gaps6)", () => {
  // media-typer-test-function (held-out 6): `typer.test('text/html')` inside `it('should pass basic type', …)` was read
  // as a tape subtest named "text/html", so the three plain tests that call it mapped to no probe. A function of a
  // module the test loads is no subtest; `t.test(name, body)` of the runner's own object still is.
  const base = { "index.js": "exports.parse = function (s) { return s.split('/'); };\n" };
  const gold = { "index.js": base["index.js"] + "exports.test = function (s) { return typeof s === 'string' && s.includes('/'); };\n" };
  const tests = {
    "test/test.js": "var assert = require('assert');\nvar typer = require('..');\n\ndescribe('typer.test(string)', function () {\n  it('should pass basic type', function () {\n    assert.strictEqual(typer.test('text/html'), true);\n  });\n  it('should fail', function () {\n    assert.strictEqual(typer.test('html'), false);\n  });\n});\n",
    "test/tape.js": "var test = require('tape');\nvar typer = require('..');\n\ntest('outer', function (t) {\n  t.test('inner', function (st) {\n    st.equal(typer.test('a/b'), true);\n    st.end();\n  });\n  t.end();\n});\n",
  };
  const ids = ["test/test.js::typer.test(string) should pass basic type", "test/test.js::typer.test(string) should fail", "outer", "inner"];
  it("maps to the tests that call it, and a runner's subtest stays a subtest", async () => {
    const a = await auditFiles({
      base: await definitionsOfFiles(base), gold: await definitionsOfFiles({ ...base, ...gold, ...tests }), testFiles: tests,
      histories: [{ revisionId: "r", condition: "direct", text: "Tell whether a string is a media type." }], probeTestIds: ids,
    });
    const probes = a.histories[0]!.findings.filter((f) => f.name === "test").flatMap((f) => f.probeTestIds);
    expect([...new Set(probes)].sort()).toEqual(["inner", "test/test.js::typer.test(string) should fail", "test/test.js::typer.test(string) should pass basic type"]);
  });
});
