import "server-only";
// A fixture family for the audit's integration test and bench: the hidden tests import
// `valueSSE` from `src/rest/handler.js`, a module only gold adds, and one test asserts an
// exact error message gold introduces; the histories describe the behaviour only.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { patchFromFiles } from "../../demo/patch-from-files";

const BASE: Record<string, string> = {
  "package.json": JSON.stringify({ name: "sse-lite", version: "1.0.0", type: "module" }, null, 2) + "\n",
  "src/rest/router.js": "export function route(path, handler) {\n  return { path, handler };\n}\n",
  "src/rest/events.js": "export function parseEvent(text) {\n  return { data: text };\n}\n",
  "test/router.test.js": 'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { route } from "../src/rest/router.js";\ntest("routes keep their path", () => {\n  assert.equal(route("/a", null).path, "/a");\n});\n',
};

export const SSE_GOLD: Record<string, string> = {
  "src/rest/handler.js": "export function valueSSE(value) {\n  return `data: ${value}\\n\\n`;\n}\nexport function streamValues(values) {\n  return values.map((v) => valueSSE(v)).join(\"\");\n}\n",
  "src/rest/events.js": "export function parseEvent(text) {\n  if (text === \"\") throw new Error(\"event data must not be empty\");\n  return { data: text };\n}\n",
};

export const SSE_TESTS: Record<string, string> = {
  "test/sse.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { valueSSE, streamValues } from "../src/rest/handler.js";
test("formats one event per value", () => {
  assert.equal(valueSSE("a"), "data: a\\n\\n");
});
test("streams several values", () => {
  assert.equal(streamValues(["a", "b"]), "data: a\\n\\ndata: b\\n\\n");
});
`,
  "test/events.test.js": `import { test } from "node:test";
import assert from "node:assert/strict";
import { parseEvent } from "../src/rest/events.js";
test("keeps the event data", () => {
  assert.deepEqual(parseEvent("x"), { data: "x" });
});
test("refuses an empty event", () => {
  assert.throws(() => parseEvent(""), { message: "event data must not be empty" });
});
`,
};

export const SSE_PROBES = ["formats one event per value", "streams several values", "keeps the event data", "refuses an empty event", "routes keep their path"];
export const SSE_HISTORY_TEXTS = {
  direct: "Stream values to clients as server-sent events, one event per value, and let streamValues(values) stream a list of values in one go. An empty event is refused with an error.",
  split: "First: format single values as server-sent events, one event each.",
};

function git(dir: string, args: string[]) {
  return execFileSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, GIT_AUTHOR_NAME: "A", GIT_AUTHOR_EMAIL: "a@x", GIT_COMMITTER_NAME: "A", GIT_COMMITTER_EMAIL: "a@x" } }).trim();
}

export function createSseRepo(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  git(dir, ["init", "-q", "-b", "main"]);
  for (const [file, content] of Object.entries(BASE)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "base"]);
  const baseCommit = git(dir, ["rev-parse", "HEAD"]);
  return { dir, baseCommit, gold: patchFromFiles(dir, baseCommit, SSE_GOLD), hiddenTests: patchFromFiles(dir, baseCommit, SSE_TESTS) };
}

