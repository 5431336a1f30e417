import "server-only";
// Hand-labeled corpus, the traps issue #21 found on real repositories, in small: re-exports through
// Object.assign / export * / __all__, signatures the base already accepts, a position stated in words,
// locals of examples/, whitespace-only templates, anchored and exact patterns, module.fn(kw=…).
import type { TCorpusCase } from "./types";

const nodeTest = (body: string) => `const test = require("node:test");\nconst assert = require("node:assert");\n${body}\n`;

export const TRAP_CASES: TCorpusCase[] = [
  {
    name: "trap: CommonJS re-exports through Object.assign and a signature the base already has",
    base: {
      "index.js": "function parse(args, opts, a, b) { return { args, opts, a, b }; }\nmodule.exports = parse;\nObject.assign(module.exports, require('./lib/util'));\n",
      "lib/util.js": "exports.isNumber = function isNumber(x) { return typeof x === 'number'; };\n",
    },
    gold: {
      "index.js": "function parse(args, opts, a, b, extra) { return { args, opts, a, b, extra }; }\nmodule.exports = parse;\nObject.assign(module.exports, require('./lib/util'));\n",
      "lib/util.js": "exports.isNumber = function isNumber(x) { return typeof x === 'number'; };\nexports.isFlagLike = function isFlagLike(s) { return s.startsWith('-'); };\n",
      "examples/parse.js": "const parse = require('..');\nfunction main() { const extraArgs = parse([], {}, 1, 2, 3); console.log(extraArgs); }\nmain();\n",
    },
    tests: {
      "test/parse.js": nodeTest(`const parse = require("..");
test("positions", () => {
  assert.ok(parse(["x"], {}, 1, 2));
  assert.equal(parse(["x"], {}, 1, 2, "e").extra, "e");
  assert.ok(parse.isNumber(3));
  assert.ok(parse.isFlagLike("-x"));
  assert.deepEqual(Object.keys(parse(["x"], {})), ["args", "opts", "a", "b", "extra"]);
});`),
    },
    text: "parse gains an optional fifth argument, passed through to the result as `extra`.",
    labels: [
      { kind: "path", value: "../", hidden: false },
      { kind: "name", value: "isNumber", hidden: false, note: "trap: re-exported through Object.assign(module.exports, require(…))" },
      { kind: "name", value: "parse#2", hidden: false, note: "trap: a position the base signature already takes" },
      { kind: "name", value: "parse#3", hidden: false, note: "trap: a position the base signature already takes" },
      { kind: "name", value: "parse#4", hidden: false, note: "trap: stated in words ('an optional fifth argument')" },
      { kind: "name", value: "isFlagLike", hidden: true },
      { kind: "literal", value: "e", hidden: false, note: "the test supplies it" },
      { kind: "literal", value: "extra", hidden: false },
    ],
  },
  {
    name: "trap: ESM export * re-export, a local of examples/, a whitespace-only template",
    base: {
      "src/impl.ts": "export function deep<T>(x: T): T { return structuredClone(x); }\nexport const pair = (a: string, b: string) => `${a} ${b}`;\n",
      "src/index.ts": "export * from './impl';\n",
    },
    gold: {
      "src/impl.ts": "export function deep<T>(x: T): T { return structuredClone(x); }\nexport const pair = (a: string, b: string) => `${a} ${b}`;\nexport function shallow<T extends object>(x: T): T { return { ...x }; }\nexport const greeting = () => 'hello there';\n",
      "examples/demo.ts": "import { shallow } from '../src';\nfunction main() { const cloneDepth = 1; return shallow({ cloneDepth }); }\nmain();\n",
    },
    tests: {
      "test/clone.test.ts": `import { test, expect } from "vitest";
import { deep, shallow, pair, greeting } from "../src/index";
test("copies", () => {
  expect(deep({ a: 1 })).toEqual({ a: 1 });
  expect(shallow({ a: 1 })).toEqual({ a: 1 });
  expect(pair("x", "y")).toBe("x y");
  expect(greeting()).toBe("hello there");
  expect(shallow({ b: 2 })).toMatchObject({ cloneDepth: undefined });
});
`,
    },
    text: "Add a `shallow` copy beside the deep one: it copies own properties one level deep. Also add `greeting()`.",
    labels: [
      { kind: "path", value: "../src/index", hidden: false },
      { kind: "name", value: "deep", hidden: false, note: "trap: re-exported through export *" },
      { kind: "name", value: "pair", hidden: false, note: "trap: re-exported through export *" },
      { kind: "name", value: "shallow", hidden: false },
      { kind: "name", value: "greeting", hidden: false },
      { kind: "literal", value: "x y", hidden: false, note: "trap: only a whitespace template produces it — computed, and the test supplies x and y" },
      { kind: "literal", value: "hello there", hidden: true, note: "trap: a literal with a space is not made visible by `${a} ${b}`" },
      { kind: "name", value: "cloneDepth", hidden: false, note: "trap: a local variable of examples/ is no definition" },
      { kind: "name", value: "a", hidden: false },
      { kind: "name", value: "b", hidden: false },
    ],
  },
  {
    name: "trap: an anchored pattern stated mid-sentence, an exact pattern nobody states",
    base: { "lib/cli.js": "exports.run = function run(argv) { return argv.join(' '); };\n" },
    gold: {
      "lib/cli.js": "exports.run = function run(argv) {\n  const [flag, value] = argv;\n  if (!flag.startsWith('--')) return `Unknown option: ${flag}`;\n  if (value === undefined) throw new Error(`error: missing value for ${flag}`);\n  return value;\n};\n",
    },
    tests: {
      "test/cli.test.js": nodeTest(`const { run } = require("../lib/cli.js");
test("unknown", () => { assert.match(run(["x"]), /^Unknown option: x$/); });
test("missing", () => { assert.throws(() => run(["--port"]), /^error: missing value for --port$/); });`),
    },
    text: "An argument that is not a flag answers Unknown option: x (naming the argument), and a flag without a value is an error.",
    labels: [
      { kind: "path", value: "../lib/cli.js", hidden: false },
      { kind: "name", value: "run", hidden: false },
      { kind: "literal", value: "^Unknown option: x$", hidden: false, note: "trap: an anchored pattern the history states mid-sentence" },
      { kind: "literal", value: "^error: missing value for --port$", hidden: true, note: "trap: an exact pattern gold's template produces, which no history states" },
    ],
  },
  {
    name: "trap: module.fn(kw=…) keywords, a package __init__ star import with __all__",
    base: {
      "pkg/__init__.py": "from .util import *\n",
      "pkg/util.py": "__all__ = ['fmt']\n\ndef fmt(value, width=0):\n    return str(value).rjust(width)\n\ndef _pad(s):\n    return s\n",
    },
    gold: {
      "pkg/util.py": "__all__ = ['fmt', 'clip']\n\ndef fmt(value, width=0, fill=' '):\n    return str(value).rjust(width, fill)\n\ndef clip(s, n):\n    return s[:n]\n\ndef _pad(s):\n    return s\n",
    },
    tests: {
      "tests/test_util.py": `import pkg
import pkg.util as util
from pkg import fmt


def test_fmt():
    assert util.fmt(1, width=3, fill="0") == "001"
    assert fmt(2, width=2) == " 2"
    assert pkg.clip("abc", 2) == "ab"
`,
    },
    text: "Let fmt pad with a fill character, and add clip(s, n), which cuts a string to n characters.",
    labels: [
      { kind: "path", value: "pkg", hidden: false },
      { kind: "path", value: "pkg.util", hidden: false },
      { kind: "name", value: "fmt", hidden: false, note: "trap: reached through from .util import * and __all__" },
      { kind: "name", value: "width", hidden: false, note: "trap: a keyword the base signature already has" },
      { kind: "name", value: "fill", hidden: false, note: "stated: 'a fill character'" },
      { kind: "name", value: "clip", hidden: false },
      { kind: "literal", value: "001", hidden: false },
      { kind: "literal", value: " 2", hidden: false },
      { kind: "literal", value: "ab", hidden: false },
    ],
  },
];
