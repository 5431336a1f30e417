import { describe, expect, it } from "vitest";
import { auditFiles, definitionsOfFiles, extractTests } from "./audit-files";
import { walk } from "./syntax";
import type { TSyntaxNode } from "./types";

// Every source a repository can hold is audited or "not audited" with one sentence, never an exception.
const DEPTH = 30_000;
const deepJsTest = `import { test } from "node:test";
import assert from "node:assert";
import { f } from "../src/f.js";
test("deep", () => { assert.deepEqual(f(), ${"[".repeat(DEPTH)}"a"${"]".repeat(DEPTH)}); });
`;
const deepPyTest = `from pkg import f\n\ndef test_deep():\n    assert f() == ${"[".repeat(DEPTH)}1${"]".repeat(DEPTH)}\n`;
const deepSource = `export const x = ${"(".repeat(DEPTH)}1${")".repeat(DEPTH)};\nexport function f() { return ${"{a:".repeat(5000)}1${"}".repeat(5000)}; }\n`;

describe("every source is safe to audit", () => {
  it("walks a tree 100 000 levels deep without recursion", () => {
    let node: TSyntaxNode = { type: "leaf", field: null, start: 0, end: 0, row: 0, named: true, children: [] };
    for (let i = 0; i < 100_000; i++) node = { type: "n", field: null, start: 0, end: 0, row: 0, named: true, children: [node] };
    let count = 0;
    let deepest = 0;
    walk(node, (_, ancestors) => {
      count++;
      deepest = Math.max(deepest, ancestors.length);
    });
    expect(count).toBe(100_001);
    expect(deepest).toBe(100_000);
  });

  it("extracts deeply nested JavaScript and Python test files", async () => {
    const { tests, notAudited } = await extractTests({ "test/deep.test.js": deepJsTest, "tests/test_deep.py": deepPyTest });
    expect(notAudited).toEqual([]);
    expect(tests.map((t) => t.tests.map((c) => c.name))).toEqual([["deep"], ["test_deep"]]);
    expect(tests[0]!.dependencies.some((d) => d.kind === "literal" && d.value === "a")).toBe(true);
  }, 60_000);

  it("reads the definitions of a deeply nested source", async () => {
    const defs = await definitionsOfFiles({ "src/f.js": deepSource });
    expect(defs.definitions[0]!.names).toEqual(expect.arrayContaining(["x", "f"]));
  }, 60_000);

  it("audits sources holding U+0000, lone surrogates and replacement characters", async () => {
    const base = await definitionsOfFiles({ "src/f.js": "export const NUL = '\u0000';\nexport const LONE = '\uD800';\nexport function f() { return '\uFFFD\u0000'; }\n" });
    expect(base.definitions[0]!.strings).toEqual(expect.arrayContaining(["\u0000", "\uD800"]));
    const test = `import { test } from "node:test";\nimport assert from "node:assert";\nimport { f } from "../src/f.js";\ntest("nul", () => { assert.equal(f(), "\uFFFD\u0000"); assert.equal(f(), "\\u0000x\uDC00"); });\n`;
    const audit = await auditFiles({ base, gold: base, testFiles: { "test/nul.test.js": test }, histories: [{ revisionId: "r", condition: "direct", text: "Returns \u0000 \uD800." }], probeTestIds: ["nul"] });
    expect(audit.notAudited).toEqual([]);
    expect(audit.tests[0]!.dependencies.filter((d) => d.kind === "literal").map((d) => d.value)).toEqual(["\uFFFD\u0000", "\u0000x\uDC00"]);
  });

  it("says in one sentence why a file is not audited", async () => {
    const huge = `test("x", () => {});\n// ${"x".repeat(5_000_000)}\n`;
    const { notAudited } = await extractTests({ "test/huge.test.js": huge, "test/bad.test.js": "test('x', () => { assert.equal(1, ;\n" });
    expect(notAudited.map((n) => n.file).sort()).toEqual(["test/bad.test.js", "test/huge.test.js"]);
    for (const n of notAudited) expect(n.reason).toMatch(/^[^\n]+$/);
    expect(notAudited.find((n) => n.file === "test/huge.test.js")!.reason).toMatch(/larger than/);
  });
});
