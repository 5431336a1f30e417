import { describe, expect, it } from "vitest";
import { auditFiles, definitionsOfFiles, type TFiles } from "./audit-files";

// Blast radius rules of branch `recall` (analyzer 8): which expanded ids a row's value, a table's name, or a
// type-checked file's missing property fails.
async function findingsOf(base: TFiles, goldChanges: TFiles, tests: TFiles, text: string, probeTestIds: string[]) {
  const audit = await auditFiles({
    base: await definitionsOfFiles(base), gold: await definitionsOfFiles({ ...base, ...goldChanges, ...tests }), testFiles: tests,
    histories: [{ revisionId: "r", condition: "direct", text }], probeTestIds,
  });
  return Object.fromEntries(audit.histories[0]!.findings.map((f) => [f.name, f.probeTestIds]));
}

describe("a parametrized row's value maps to the ids that show it whole", () => {
  // Prompted by humanize-intcomma-ndigits (development): `14,308.40` mapped to `[test_args16-14,308.40]` and to
  // `[test_args17-14,308.400]`, whose id holds it as a prefix of another value.
  it("not to an id where it is only the start of another value", async () => {
    const base = { "pkg/__init__.py": "from .core import show\n", "pkg/core.py": "def show(x):\n    return str(x)\n" };
    const gold = { "pkg/core.py": "def show(x):\n    return 'val:' + str(x)\n" };
    const tests = { "tests/test_core.py": "import pytest\n\nfrom pkg import show\n\n\n@pytest.mark.parametrize(\"x, expected\", [(1, \"val:1\"), (10, \"val:10\")])\ndef test_show(x, expected):\n    assert show(x) == expected\n" };
    const ids = ["tests/test_core.py::test_show[1-val:1]", "tests/test_core.py::test_show[10-val:10]"];
    const found = await findingsOf(base, gold, tests, "Prefix the value.", ids);
    expect(found["val:1"]).toEqual(["tests/test_core.py::test_show[1-val:1]"]);
    expect(found["val:10"]).toEqual(["tests/test_core.py::test_show[10-val:10]"]);
  });
});

describe("a named import the base lacks, under a module transform", () => {
  // Prompted by scule-flat-train-case and scule-title-case (held-out 2): `trainCase` and `flatCase`, imported at the
  // top of a vitest file, mapped to every id of the file (18), though each is read only in its own describe's
  // `test.each`; and a row printed as `trainCase >  => ` (an empty `%s`) matched no title.
  const base = { "src/index.ts": "export function camelCase(s: string) { return s; }\n", "package.json": "{ \"devDependencies\": { \"vitest\": \"1\" } }\n" };
  const gold = { "src/index.ts": base["src/index.ts"] + "export function trainCase(s: string) { return s; }\nexport function flatCase(s: string) { return s; }\n" };
  const tests = {
    "test/scule.test.ts": `import { describe, test, expect } from "vitest";
import { camelCase, trainCase, flatCase } from "../src";

describe("trainCase", () => {
  test.each([["", ""], ["foo", "Foo"]])("%s => %s", (input, expected) => { expect(trainCase(input)).toMatchObject(expected); });
});

describe("flatCase", () => {
  test.each([["foo", "foo"]])("%s => %s", (input, expected) => { expect(flatCase(input)).toMatchObject(expected); });
});

describe("camelCase", () => {
  test("keeps", () => { expect(camelCase("a")).toBe("a"); });
});
`,
  };
  const ids = ["test/scule.test.ts::trainCase >  => ", "test/scule.test.ts::trainCase > foo => Foo", "test/scule.test.ts::flatCase > foo => foo", "test/scule.test.ts::camelCase > keeps"];
  it("fails only the tests that read it, every expanded row of them (an empty placeholder too)", async () => {
    const found = await findingsOf(base, gold, tests, "Add two converters.", ids);
    expect(found["trainCase"]).toEqual(ids.slice(0, 2));
    expect(found["flatCase"]).toEqual([ids[2]]);
  });
  it("fails the whole file when a module-level read needs it", async () => {
    const t = { "test/scule.test.ts": tests["test/scule.test.ts"].replace('describe("camelCase"', "const table = [flatCase];\ndescribe(\"camelCase\"") };
    const found = await findingsOf(base, gold, t, "Add two converters.", ids);
    expect(found["flatCase"]).toEqual(ids);
  });
});

describe("a type-checking runner (ts-jest)", () => {
  // Prompted by defu-array-fn (held-out 3): `defu.arrayFn(…)` in one test of a ts-jest file mapped to that test; ts-jest
  // type-checks the file, and the base's type lacks `arrayFn`, so every test of the file fails.
  const base = {
    "src/defu.ts": "function defu(a: object, b: object) { return { ...b, ...a }; }\ndefu.fn = (a: object, b: object) => defu(a, b);\nexport default defu;\n",
    "package.json": "{ \"devDependencies\": { \"jest\": \"latest\", \"ts-jest\": \"latest\" } }\n",
  };
  const gold = { "src/defu.ts": base["src/defu.ts"].replace("export default", "defu.arrayFn = (a: object, b: object) => defu(a, b);\nexport default") };
  const tests = {
    "test/defu.test.ts": `import defu from "../src/defu";

describe("defu", () => {
  it("defu.fn()", () => { expect(defu.fn({ a: 1 }, {})).toEqual({ a: 1 }); });
  it("defu.arrayFn()", () => { expect(defu.arrayFn({ a: 1 }, {})).toEqual({ a: 1 }); });
});
`,
  };
  const ids = ["test/defu.test.ts::defu defu.fn()", "test/defu.test.ts::defu defu.arrayFn()"];
  it("fails every test of the TypeScript file when gold adds a name its types lack", async () => {
    expect((await findingsOf(base, gold, tests, "Add a variant of fn.", ids))["arrayFn"]).toEqual(ids);
  });
  it("an option gold adds fails the whole file too, even where the base would ignore it", async () => {
    const g = { "src/defu.ts": "function defu(a: object, b: object, options?: { deep?: boolean }) { return options?.deep ? { ...b, ...a } : { ...b, ...a }; }\ndefu.fn = (a: object, b: object) => defu(a, b);\nexport default defu;\n" };
    const t = { "test/defu.test.ts": `import defu from "../src/defu";\n\ndescribe("defu", () => {\n  it("defu.fn()", () => { expect(defu.fn({ a: 1 }, {})).toEqual({ a: 1 }); });\n  it("defu.arrayFn()", () => { expect(defu({ a: 1 }, {}, { deep: false })).toEqual({ a: 1 }); });\n});\n` };
    expect((await findingsOf(base, g, t, "Add an option.", ids))["deep"]).toEqual(ids);
  });
  it("without a type-checking runner, only the test that reads it", async () => {
    const b = { ...base, "package.json": "{ \"devDependencies\": { \"jest\": \"latest\", \"babel-jest\": \"latest\" } }\n" };
    expect((await findingsOf(b, gold, tests, "Add a variant of fn.", ids))["arrayFn"]).toEqual([ids[1]]);
  });
});

describe("a test.each row's value", () => {
  // Prompted by scule-title-case (held-out 2): `This is a Title`, the expected value of one `test.each` row, mapped to
  // all five expanded ids of the table; it fails only the row whose title prints it.
  it("maps to the expanded ids whose title shows it", async () => {
    const base = { "src/index.ts": "export function titleCase(s: string) { return s; }\n" };
    const gold = { "src/index.ts": "const SMALL = /^(a|is)$/i;\nexport function titleCase(s: string) { return s.split(' ').map((w) => (SMALL.test(w) ? w.toLowerCase() : w)).join(' '); }\n" };
    const tests = {
      "test/title.test.ts": `import { describe, test, expect } from "vitest";
import { titleCase } from "../src";

describe("titleCase", () => {
  test.each([["foo", "foo"], ["this IS A Title", "this is a Title"]])("%s => %s", (input, expected) => { expect(titleCase(input)).toMatchObject(expected); });
});
`,
    };
    const ids = ["test/title.test.ts::titleCase > foo => foo", "test/title.test.ts::titleCase > this IS A Title => this is a Title"];
    expect((await findingsOf(base, gold, tests, "Title case.", ids))["this is a Title"]).toEqual([ids[1]]);
  });
});

describe("a value the test expects only in a browser", () => {
  // Prompted by object-inspect-global (first held-out set): `var expected = typeof window === 'undefined' ? 'global'
  // : 'Window'` — `Window` is compared only in a browser; the verifier runs Node, so it can fail no probe.
  it("is informational; the value Node takes still blocks", async () => {
    const base = { "index.js": "module.exports = function inspect(x) { return '[ ' + String(x) + ' ]'; };\n" };
    const gold = { "index.js": "module.exports = function inspect(x) { return x === globalThis ? '[ { [object ' + (typeof window === 'undefined' ? 'global' : 'Window') + '] } ]' : '[ ' + String(x) + ' ]'; };\n" };
    const tests = {
      "test/global.js": `var test = require('tape');\nvar inspect = require('../');\n\ntest('global object', function (t) {\n  var expected = typeof window === 'undefined' ? 'global' : 'Window';\n  t.equal(inspect(globalThis), '[ { [object ' + expected + '] } ]');\n  t.end();\n});\n`,
    };
    const audit = await auditFiles({
      base: await definitionsOfFiles(base), gold: await definitionsOfFiles({ ...base, ...gold, ...tests }), testFiles: tests,
      histories: [{ revisionId: "r", condition: "direct", text: "Show the global object in short form." }], probeTestIds: ["global object"],
    });
    const byName = Object.fromEntries(audit.histories[0]!.findings.map((f) => [f.name, f]));
    expect(byName["Window"]?.informational).toBe(true);
    expect(byName["global"]?.informational).toBe(false);
    expect(byName["global"]?.probeTestIds).toEqual(["global object"]);
  });
});
