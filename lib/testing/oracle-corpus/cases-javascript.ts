import "server-only";
// Hand-labeled corpus, JavaScript: each label says whether the dependency is really
// hidden (an agent given only this text and the base could not know it).
import type { TCorpusCase } from "./types";

export const JAVASCRIPT_CASES: TCorpusCase[] = [
  {
    name: "js: SSE values from a module only gold defines",
    base: {
      "src/rest/router.js": "export function route(path, handler) { return { path, handler }; }\n",
      "src/rest/server.js": "import { route } from './router.js';\nexport function serve(routes) { return routes.map((r) => r.path); }\n",
    },
    gold: {
      "src/rest/handler.js": "export const headerAccept = 'text/event-stream';\nexport function valueSSE(value) { return `data: ${value}\\n\\n`; }\n",
    },
    tests: {
      "test/sse.test.js": `import { test } from "vitest";
import assert from "assert/strict";
import { valueSSE, headerAccept } from "../src/rest/handler.js";
import { route } from "../src/rest/router.js";
test("writes one event per value", () => {
  assert.equal(valueSSE("a"), "data: a\\n\\n");
});
test("asks for an event stream", () => {
  assert.equal(headerAccept, "text/event-stream");
  assert.equal(route("/x", null).path, "/x");
});
`,
    },
    text: "Stream values to the client as server-sent events: each value becomes one event, and the handler only answers clients that accept an event stream.",
    labels: [
      { kind: "path", value: "../src/rest/handler.js", hidden: true },
      { kind: "name", value: "valueSSE", hidden: true },
      { kind: "name", value: "headerAccept", hidden: true },
      { kind: "path", value: "../src/rest/router.js", hidden: false },
      { kind: "name", value: "route", hidden: false },
      { kind: "literal", value: "text/event-stream", hidden: true },
      { kind: "literal", value: "/x", hidden: false, note: "the test supplies it" },
      { kind: "path", value: "vitest", hidden: false },
    ],
  },
  {
    name: "js: the same names, stated with code formatting and case conventions",
    base: { "src/rest/router.js": "export function route(path, handler) { return { path, handler }; }\n" },
    gold: { "src/rest/handler.js": "export const headerAccept = 'text/event-stream';\nexport function valueSSE(value) { return `data: ${value}\\n\\n`; }\n" },
    tests: {
      "test/sse.test.js": `import { test } from "vitest";
import assert from "assert/strict";
import { valueSSE, headerAccept } from "../src/rest/handler.js";
test("writes one event per value", () => {
  assert.equal(valueSSE("a"), "data: a\\n\\n");
  assert.equal(headerAccept, "text/event-stream");
});
`,
    },
    text: "Add `rest/handler` exporting `valueSSE(value)`, which formats one server-sent event. Its header-accept constant is the string 'text/event-stream'.",
    labels: [
      { kind: "path", value: "../src/rest/handler.js", hidden: false },
      { kind: "name", value: "valueSSE", hidden: false },
      { kind: "name", value: "headerAccept", hidden: false, note: "stated as header-accept" },
      { kind: "literal", value: "text/event-stream", hidden: false },
    ],
  },
  {
    name: "js: exact error messages, stated, unstated, and only inside a longer string",
    base: { "src/secrets.js": "const store = new Map();\nexport function getSecret(name) { return store.get(name); }\nexport function setSecret(name, v) { store.set(name, v); }\n" },
    gold: {
      "src/secrets.js": "const store = new Map();\nexport class SecretNotFoundError extends Error {}\nexport function getSecret(name, options = {}) {\n  if (store.has(name)) return store.get(name);\n  if (options.optional) return null;\n  throw new SecretNotFoundError(`Secret ${name} is not set`);\n}\nexport function setSecret(name, v) { if (!name) throw new Error('name required'); if (v === '') throw new Error('empty value'); store.set(name, v); }\nexport function deleteSecret(name) { if (!store.has(name)) throw new Error('unknown secret'); store.delete(name); }\n",
    },
    tests: {
      "test/secrets.test.js": `import { test } from "vitest";
import assert from "assert/strict";
import { getSecret, setSecret, deleteSecret, SecretNotFoundError } from "../src/secrets.js";
test("a missing required secret names itself", () => {
  assert.throws(() => getSecret("DB"), { message: "Secret DB is not set" });
  assert.throws(() => getSecret("DB"), SecretNotFoundError);
});
test("an empty name is refused", () => {
  assert.throws(() => setSecret("", "x"), { message: "name required" });
});
test("an empty value is refused", () => {
  assert.throws(() => setSecret("A", ""), { message: "empty value" });
});
test("deleting an unknown secret fails", () => {
  assert.throws(() => deleteSecret("nope"), /unknown secret/);
});
test("optional lookups return null", () => {
  assert.equal(getSecret("NONE", { optional: true }), null);
});
`,
    },
    text: "A required lookup of a missing secret throws a SecretNotFoundError whose message is `Secret <name> is not set`. An optional lookup returns null instead. Setting a secret with an empty name fails with \"name required\". Deleting a secret that does not exist is an error. Empty values are rejected with 'the secret value must not be an empty value string'.",
    labels: [
      { kind: "literal", value: "Secret DB is not set", hidden: false, note: "stated with a placeholder" },
      { kind: "name", value: "SecretNotFoundError", hidden: false },
      { kind: "literal", value: "name required", hidden: false },
      { kind: "literal", value: "empty value", hidden: true, note: "trap: only inside a longer quoted string" },
      { kind: "literal", value: "unknown secret", hidden: true },
      { kind: "name", value: "deleteSecret", hidden: true },
      { kind: "name", value: "optional", hidden: false },
      { kind: "name", value: "getSecret", hidden: false },
    ],
  },
  {
    name: "js: a method name that exists on another type; interface methods of a library",
    base: {
      "src/timer.js": "export class Timer {\n  reset() { this.t = 0; }\n  start() {}\n}\n",
      "src/log.js": "import { Writable } from 'stream';\nexport class LineLog extends Writable { _write(chunk, enc, done) { done(); } }\n",
    },
    gold: {
      "src/limiter.js": "import { Writable } from 'stream';\nexport class Limiter {\n  constructor(rate) { this.rate = rate; }\n  take() { return true; }\n  reset() {}\n}\nexport class AuditStream extends Writable { _write(chunk, enc, done) { done(); } }\n",
    },
    tests: {
      "test/limiter.test.js": `import { test } from "vitest";
import assert from "assert/strict";
import { Limiter, AuditStream } from "../src/limiter.js";
test("takes and resets", () => {
  const limiter = new Limiter(2);
  assert.equal(limiter.take(), true);
  limiter.reset();
});
test("audit lines stream", () => {
  const stream = new AuditStream();
  stream.write("a");
  stream.end();
});
`,
    },
    text: "Add a rate Limiter to src/limiter.js: `take()` says whether a request may proceed, and the limiter resets its budget when asked. Also add an AuditStream, a writable stream of audit lines, in the same file.",
    labels: [
      { kind: "path", value: "../src/limiter.js", hidden: false },
      { kind: "name", value: "Limiter", hidden: false },
      { kind: "name", value: "take", hidden: false },
      { kind: "name", value: "reset", hidden: true, note: "trap: Timer.reset exists in the base; 'resets' is not the name" },
      { kind: "name", value: "AuditStream", hidden: false },
      { kind: "name", value: "write", hidden: false, note: "trap: a method of the library's Writable" },
      { kind: "name", value: "end", hidden: false, note: "trap: a method of the library's Writable" },
    ],
  },
  {
    name: "js: systematic affixes and a new file the text names",
    base: {
      "src/policy/allow.js": "export function Allow(r) { return true; }\nexport function AllowCtx(ctx, r) { return true; }\nexport function Deny(r) { return false; }\nexport function DenyCtx(ctx, r) { return false; }\nexport function Check(r) { return true; }\n",
    },
    gold: {
      "src/policy/allow.js": "export function Allow(r) { return true; }\nexport function AllowCtx(ctx, r) { return true; }\nexport function Deny(r) { return false; }\nexport function DenyCtx(ctx, r) { return false; }\nexport function Check(r) { return true; }\nexport function CheckCtx(ctx, r) { return Check(r); }\nexport function CheckAll(rs) { return rs.every(Check); }\n",
      "src/policy/quota.js": "export function remaining(user) { return 10 - user.used; }\n",
    },
    tests: {
      "test/policy.test.js": `import { test } from "vitest";
import assert from "assert/strict";
import { CheckCtx, CheckAll, Allow } from "../src/policy/allow.js";
import { remaining } from "../src/policy/quota.js";
test("context checks", () => {
  assert.equal(CheckCtx({}, {}), true);
  assert.equal(Allow({}), true);
});
test("bulk checks", () => {
  assert.equal(CheckAll([{}]), true);
});
test("quota", () => {
  assert.equal(remaining({ used: 3 }), 7);
});
`,
    },
    text: "Checks gain a context-aware variant like the other policy functions, and a way to check many requests at once. A new quota module in the policy folder tells how many requests remain for a user.",
    labels: [
      { kind: "name", value: "CheckCtx", hidden: false, note: "inferable: Allow → AllowCtx" },
      { kind: "name", value: "CheckAll", hidden: true },
      { kind: "name", value: "Allow", hidden: false },
      { kind: "path", value: "../src/policy/quota.js", hidden: false, note: "inferable: named file in an existing directory" },
      { kind: "name", value: "remaining", hidden: true },
      { kind: "literal", value: "7", hidden: false, note: "computed" },
    ],
  },
  {
    name: "js: limits of a name-level audit (a factory's instance, a word used in prose)",
    base: { "src/pool.js": "export class Pool { drain() {} size() { return 0; } }\nexport function createPool() { return new Pool(); }\n" },
    gold: { "src/pool.js": "export class Pool { drain() {} size() { return 0; } resize(n) { this.n = n; } get cached() { return true; } }\nexport function createPool() { return new Pool(); }\n" },
    tests: {
      "test/pool.test.js": `import { test } from "vitest";
import assert from "assert/strict";
import { createPool } from "../src/pool.js";
test("resizes", () => {
  const pool = createPool();
  pool.resize(4);
  assert.equal(pool.cached, true);
});
`,
    },
    text: "Pools can change how many connections they hold; connections stay cached between requests.",
    labels: [
      { kind: "name", value: "createPool", hidden: false },
      { kind: "name", value: "resize", hidden: true, note: "the instance comes from a factory: judged by name" },
      { kind: "name", value: "cached", hidden: true, note: "missed: the prose uses the word without meaning the property" },
    ],
  },
];
