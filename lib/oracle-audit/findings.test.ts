import { describe, expect, it } from "vitest";
import { auditFiles, definitionsOfFiles, definitionsOverBase } from "./audit-files";
import { probesOfTest } from "./findings";

const BASE = { "src/rest/router.js": "export function route(p) { return p; }\n", "src/errors.js": "export class HttpError extends Error {}\n" };
const GOLD = {
  ...BASE,
  "src/rest/handler.js": "export function valueSSE(v) { return `data: ${v}\\n\\n`; }\nexport function parse(s) { if (!s) throw new Error('empty event stream'); return s; }\n",
};
const TESTS = {
  "test/sse.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { valueSSE, parse } from "../src/rest/handler.js";
test("formats a value", () => { assert.equal(valueSSE("a"), "data: a\\n\\n"); });
test("refuses an empty stream", () => { assert.throws(() => parse(""), { message: "empty event stream" }); });
`,
  "test/router.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { route } from "../src/rest/router.js";
test("routes", () => { assert.equal(route("/a"), "/a"); });
`,
  "test/legacy.test.go": "package rest\n",
  "test/broken.test.js": "import { from 'x';\n",
  "test/fixtures/events.json": "{}\n",
};
const PROBES = ["formats a value", "refuses an empty stream", "routes"];

async function audit(texts: Record<string, string>) {
  return auditFiles({
    base: await definitionsOfFiles(BASE),
    gold: await definitionsOfFiles({ ...GOLD, ...TESTS }),
    testFiles: TESTS,
    histories: Object.entries(texts).map(([revisionId, text]) => ({ revisionId, condition: "direct", text })),
    probeTestIds: PROBES,
  });
}

describe("findings per history", () => {
  it("flags a name and a module only gold defines for the whole test file, in every history that does not state them", async () => {
    const result = await audit({ r1: "Stream values as server-sent events.", r2: "Split streams into events; `rest/handler` must export `valueSSE` and `parse`." });
    const r1 = result.histories.find((h) => h.revisionId === "r1")!;
    const name = r1.findings.find((f) => f.name === "valueSSE")!;
    expect(name.scope).toBe("unit");
    expect(name.probeTestIds.sort()).toEqual(["formats a value", "refuses an empty stream"]);
    expect(name.evidence).toMatchObject({ file: "test/sse.test.js", line: 3, definedAt: { file: "src/rest/handler.js", line: 1 } });
    expect(name.addendum).toBe("The module `src/rest/handler.js` must export `valueSSE`.");
    expect(r1.findings.some((f) => f.kind === "path" && f.name === "../src/rest/handler.js")).toBe(true);
    const r2 = result.histories.find((h) => h.revisionId === "r2")!;
    expect(r2.findings.filter((f) => f.kind !== "literal")).toEqual([]);
  });

  it("flags a hidden exact message on its test only", async () => {
    const result = await audit({ r2: "`rest/handler` exports `valueSSE` and `parse`; an empty stream is refused." });
    const [literal, ...rest] = result.histories[0]!.findings;
    expect(rest).toEqual([]);
    expect(literal).toMatchObject({ kind: "literal", name: "empty event stream", scope: "test", probeTestIds: ["refuses an empty stream"] });
  });

  it("reports unread languages and files that do not parse as not audited, with the reason", async () => {
    const result = await audit({ r1: "" });
    expect(result.notAudited.map((n) => n.file).sort()).toEqual(["test/broken.test.js", "test/legacy.test.go"]);
    expect(result.notAudited.find((n) => n.file.endsWith(".go"))!.reason).toMatch(/reads no \.go files/);
    expect(result.notAudited.find((n) => n.file.endsWith("broken.test.js"))!.reason).toMatch(/syntax errors/);
  });

  it("builds gold's definitions from the base's and the files gold changes, as if parsed whole", async () => {
    const whole = await definitionsOfFiles({ ...GOLD, ...TESTS }, Object.keys({ ...GOLD, ...TESTS }));
    // The hidden test files are files gold changes too (read since gaps7 as the modules a test may import from).
    const over = await definitionsOverBase(await definitionsOfFiles(BASE), { "src/rest/handler.js": GOLD["src/rest/handler.js"], ...TESTS }, Object.keys({ ...GOLD, ...TESTS }));
    const byFile = (d: typeof whole) => Object.fromEntries(d.definitions.map((x) => [x.file, x]));
    expect(byFile(over)).toEqual(byFile(whole));
  });

  it("maps probes to tests across reporter id styles", () => {
    const t = { name: "test_x", suites: ["TestA"], line: 1 };
    // A bare `test_x` is not this class's test: one class's test is never keyed by its method name alone.
    expect(probesOfTest(["tests/test_mod.py::TestA::test_x", "tests/test_other.py::test_x", "test_x"], "tests/test_mod.py", t)).toEqual(["tests/test_mod.py::TestA::test_x"]);
    expect(probesOfTest(["suite > formats", "test/sse.test.js::suite > formats"], "test/sse.test.js", { name: "formats", suites: ["suite"], line: 1 })).toHaveLength(2);
  });
});
