import { describe, expect, it } from "vitest";
import { auditFiles, definitionsOfFiles, type TFiles } from "./audit-files";

// Rules of branch `recall` (analyzer 8) about what a test compares: expected values the test builds, numbers a
// format writes, and numbers that are data of the code rather than output.
async function classified(base: TFiles, goldChanges: TFiles, tests: TFiles, text: string) {
  return auditFiles({
    base: await definitionsOfFiles(base), gold: await definitionsOfFiles({ ...base, ...goldChanges, ...tests }), testFiles: tests,
    histories: [{ revisionId: "r", condition: "direct", text }], probeTestIds: [],
  });
}
const literals = (a: Awaited<ReturnType<typeof classified>>) => Object.fromEntries(a.histories[0]!.dependencies!.filter((d) => d.kind === "literal").map((d) => [d.name, d.category]));

describe("an expected value the test builds from a literal with the library's own parser", () => {
  // Prompted by semver-bump-prerelease (held-out 2): `expected = parse_version_info("3.4.5-rc1.0")`, then
  // `assert v.bump_prerelease(None) == expected` — the version string is what the test compares, not an input.
  const base = {
    "pkg/__init__.py": "from .version import parse, pre, Version\n",
    "pkg/render.py": "def render(major, minor, patch):\n    return f\"{major}.{minor}.{patch}\"\n",
    "pkg/version.py": "class Version:\n    def __init__(self, text):\n        self.text = text\n    def __eq__(self, other):\n        return self.text == other.text\n    def bump(self):\n        return Version(self.text[:-1] + str(int(self.text[-1]) + 1))\n\ndef parse(text):\n    return Version(text)\n",
  };
  const gold = {
    "pkg/version.py": base["pkg/version.py"]
      .replace("return Version(self.text[:-1] + str(int(self.text[-1]) + 1))", "return Version(self.text + \".0\")")
      .replace("def parse(text):\n", "def pre(version):\n    \"\"\"Start a prerelease.\n\n    >>> str(pre(parse('1.2.3')))\n    '1.2.4-rc.1'\n    \"\"\"\n    tag = \"rc.1\"\n    return Version(version.text + \"-\" + tag)\n\ndef parse(text):\n"),
  };
  const tests = {
    "tests/test_bump.py": "from pkg import parse, pre\n\n\ndef test_bump():\n    v = parse(\"1.2.3-rc1\")\n    expected = parse(\"1.2.3-rc1.0\")\n    assert v.bump() == expected\n\n\ndef test_pre():\n    v = parse(\"1.2.3\")\n    expected = parse(\"1.2.4-rc.1\")\n    assert pre(v) == expected\n\n\ndef test_input_only():\n    result = parse(\"9.9.9\")\n    assert result == parse(\"9.9.9\")\n",
  };
  it("is compared text: hidden when gold's new data makes it and no history states that data", async () => {
    const found = literals(await classified(base, gold, tests, "Make bump always return a newer version."));
    expect(found["1.2.3-rc1.0"]).toBe("hidden");
    expect(found["1.2.3-rc1"]).toBeUndefined();
  });
  it("is inferable when the history states gold's data, specified when it states the value", async () => {
    expect(literals(await classified(base, gold, tests, "bump appends `.0` to the prerelease."))["1.2.3-rc1.0"]).toBe("inferable");
    expect(literals(await classified(base, gold, tests, "bump turns 1.2.3-rc1 into 1.2.3-rc1.0."))["1.2.3-rc1.0"]).toBe("specified");
  });
  it("a template whose fixed text is only punctuation (`f\"{major}.{minor}.{patch}\"`) produces nothing in particular", async () => {
    // The base's version template, which gold keeps, read as "the base's own code produces it" (semver-bump-prerelease).
    expect(literals(await classified(base, gold, tests, "Make bump always return a newer version."))["1.2.3-rc1.0"]).toBe("hidden");
  });
  it("a docstring is documentation, not a producer: its doctest output is not gold's literal", async () => {
    // semver-bump-prerelease: `3.4.6-rc.1`, written in gold's docstring example, read as "gold introduces this literal".
    const found = (await classified(base, gold, tests, "Make bump always return a newer version; a new prerelease is rc.1.")).histories[0]!.dependencies!.find((d) => d.name === "1.2.4-rc.1")!;
    expect(found.category).toBe("inferable");
  });
  it("a piece of output the base's own documentation already shows is not data gold introduces", async () => {
    // semver-bump-prerelease: gold's new `prerelease = "rc.1"`, which the base's docstrings show as its output
    // (`'rc.1'`), made `3.4.6-rc.1` read as gold's once docstrings stopped being producers.
    const documented = { ...base, "pkg/version.py": base["pkg/version.py"].replace("def parse(text):\n", "def parse(text):\n    \"\"\"Read a version such as '1.2.3-rc.1'.\"\"\"\n") };
    const goldDocumented = { "pkg/version.py": gold["pkg/version.py"].replace("def parse(text):\n", "def parse(text):\n    \"\"\"Read a version such as '1.2.3-rc.1'.\"\"\"\n") };
    expect(literals(await classified(base, gold, tests, "Make bump always return a newer version."))["1.2.4-rc.1"]).toBe("hidden");
    expect(literals(await classified(documented, goldDocumented, tests, "Make bump always return a newer version."))["1.2.4-rc.1"]).toBe("visible");
  });
  it("a value the test compares with another value it built (no call of the tested code) is not read this way", async () => {
    const found = literals(await classified(base, gold, tests, "Make bump always return a newer version."));
    expect(found["9.9.9"]).toBeUndefined();
  });
});

describe("a formatted number with trailing zeros only a fixed-point format of gold's can write", () => {
  // Prompted by humanize-intcomma-ndigits (development): `intcomma(14308.40, 2) == "14,308.40"` — the base's
  // `str(value)` gives `14,308.4`, its only fixed-point format (`%.1f`, intword's) writes one decimal; gold's new
  // `"{0:.{1}f}"` keeps the trailing zero. It was "computed by the behaviour" (visible).
  const base = {
    "pkg/__init__.py": "from .number import intcomma, intword\n",
    "pkg/number.py": "import re\n\n\ndef intword(value, format=\"%.1f\"):\n    return format % value\n\n\ndef intcomma(value):\n    orig = str(value)\n    return re.sub(r\"^(-?\\d+)(\\d{3})\", r\"\\g<1>,\\g<2>\", orig)\n",
  };
  const gold = {
    "pkg/number.py": base["pkg/number.py"].replace("def intcomma(value):\n    orig = str(value)\n", "def intcomma(value, ndigits=None):\n    if ndigits:\n        orig = \"{0:.{1}f}\".format(value, ndigits)\n    else:\n        orig = str(value)\n"),
  };
  const tests = {
    "tests/test_number.py": "import pytest\n\nfrom pkg import intcomma\n\n\n@pytest.mark.parametrize(\n    \"test_args, expected\",\n    [\n        ([14308.40], \"14,308.4\"),\n        ([14308.40, 2], \"14,308.40\"),\n        ([14308.40, 3], \"14,308.400\"),\n        ([1234.5454, 1], \"1,234.5\"),\n    ],\n)\ndef test_intcomma(test_args, expected):\n    assert intcomma(*test_args) == expected\n",
  };
  it("is gold's: hidden when the history states neither it nor the format; others stay computed", async () => {
    const found = literals(await classified(base, gold, tests, "intcomma should also be able to round its value to a given number of decimal places."));
    expect(found).toMatchObject({ "14,308.40": "hidden", "14,308.400": "hidden", "14,308.4": "visible", "1,234.5": "visible" });
  });
  it("is specified when the history states it, inferable when it shows the format by an output with trailing zeros", async () => {
    const found = literals(await classified(base, gold, tests, "With `ndigits`, exactly that many digits after the point, trailing zeros kept: `intcomma(14308.40, 2)` is `14,308.40`."));
    expect(found).toMatchObject({ "14,308.40": "specified", "14,308.400": "inferable" });
  });
  it("stays the base's when the base has a fixed-point format of that many decimals", async () => {
    const b = { ...base, "pkg/number.py": base["pkg/number.py"].replace("format=\"%.1f\"", "format=\"%.2f\"") };
    const g = { "pkg/number.py": gold["pkg/number.py"].replace("format=\"%.1f\"", "format=\"%.2f\"") };
    expect(literals(await classified(b, g, tests, "Round to a given number of places."))["14,308.40"]).toBe("visible");
  });
});

describe("a number gold writes only as a character code", () => {
  // Prompted by content-type-comma-start (held-out 2): the test compares `index: 44`, a position the histories define;
  // gold's `const COMMA = 44`, compared with `header.charCodeAt(index)`, read as "gold introduces this number".
  const base = { "src/parse.ts": "const SEMI = 59;\nexport function parse(header: string) {\n  let index = 0;\n  while (index < header.length && header.charCodeAt(index) !== SEMI) index++;\n  return { type: header.slice(0, index) };\n}\n" };
  const gold = {
    "src/parse.ts": "const SEMI = 59;\nconst COMMA = 44;\nexport function parse(header: string, options?: { comma?: boolean }) {\n  const stop = options?.comma === true ? COMMA : 65_536;\n  let index = 0;\n  while (index < header.length && header.charCodeAt(index) !== SEMI && header.charCodeAt(index) !== stop) index++;\n  return { type: header.slice(0, index), index };\n}\nexport const LIMIT = 44;\n",
  };
  const tests = { "test/parse.test.ts": `import { test, expect } from "vitest";\nimport { parse } from "../src/parse";\ntest("stops", () => { expect(parse("text/html, text/plain", { comma: true })).toEqual({ type: "text/html", index: 44 }); });\n` };
  it("is no producer of the number a test compares: computed by the behaviour", async () => {
    const g = { "src/parse.ts": gold["src/parse.ts"].replace("export const LIMIT = 44;\n", "") };
    const found = literals(await classified(base, g, tests, "Stop at a comma; the result gives the index where parsing stopped."));
    expect(found["44"]).toBe("visible");
  });
  it("the same number written as a value elsewhere still produces it", async () => {
    const g = { "src/parse.ts": gold["src/parse.ts"] };
    const found = literals(await classified(base, g, tests, "Stop at a comma; the result gives the index where parsing stopped."));
    expect(found["44"]).toBe("hidden");
  });
});

describe("a bound on a count the test keeps itself", () => {
  // Prompted by more-itertools-powerset-of-sets (development): `self.assertLessEqual(hash_count, 14)`, where the test's
  // own `__hash__` increments `hash_count`: a bound on how gold's new function works, which no output fixes; it was
  // "computed by the behaviour" (visible).
  const base = { "pkg/__init__.py": "from .more import chunks\n", "pkg/more.py": "def chunks(xs):\n    return [xs]\n" };
  const gold = { "pkg/__init__.py": "from .more import chunks, subsets\n", "pkg/more.py": base["pkg/more.py"] + "\ndef subsets(xs):\n    return [set(xs)]\n" };
  const tests = {
    "tests/test_more.py": "from unittest import TestCase\n\nimport pkg as mi\n\n\nclass SubsetsTests(TestCase):\n    def test_hash_count(self):\n        hash_count = 0\n\n        class Str(str):\n            def __hash__(true_self):\n                nonlocal hash_count\n                hash_count += 1\n                return super.__hash__(true_self)\n\n        self.assertEqual(len(mi.subsets(map(Str, 'ABBA'))), 1)\n        self.assertLessEqual(hash_count, 14)\n\n    def test_chunks_count(self):\n        calls = 0\n        for _ in mi.chunks([1]):\n            calls += 1\n        assert calls <= 3\n",
  };
  it("is gold's when the test counts through a function gold adds: hidden unless the history states it", async () => {
    const found = literals(await classified(base, gold, tests, "Add subsets, hashing as little as it can."));
    expect(found["14"]).toBe("hidden");
    expect(found["3"]).toBe("visible");
    expect(literals(await classified(base, gold, tests, "Add subsets, hashing at most 14 times here."))["14"]).toBe("specified");
  });
});

describe("a string the code transforms before it is output is no piece of output (branch recall5)", () => {
  // Prompted by semver-bump-prerelease (held-out 2): gold's new `string += ".0"` is returned as it is, but the base
  // writes `".0"` too — only as `prerelease = str(token) + ".0"` followed by `prerelease = cls._increment_string(
  // prerelease)`, so the base never outputs `.0`; and the base's docstrings show `.0` only inside version numbers.
  const base = {
    "pkg/__init__.py": "from .version import parse, Version\n",
    "pkg/version.py": "def _increment(text):\n    return text[:-1] + str(int(text[-1]) + 1)\n\n\nclass Version:\n    \"\"\"A version such as 1.0.0.\n\n    .. versionadded:: 2.10.0\n\n    >>> str(parse('1.0.0'))\n    '1.0.0'\n    \"\"\"\n    def __init__(self, text):\n        self.text = text\n    def __eq__(self, other):\n        return self.text == other.text\n    def bump(self, token=\"rc\"):\n        if self.text[-1].isdigit():\n            pre = self.text\n        else:\n            pre = str(token) + \".0\"\n\n        pre = _increment(pre)\n        return Version(pre)\n    def build(self, token=\"build\"):\n        tag = str(token) + \".0\"\n        tag = _increment(tag)\n        return Version(self.text + \"+\" + tag)\n\n\ndef parse(text):\n    return Version(text)\n",
  };
  const gold = {
    "pkg/version.py": base["pkg/version.py"].replace(
      "        if self.text[-1].isdigit():\n            pre = self.text\n        else:\n            pre = str(token) + \".0\"\n\n        pre = _increment(pre)\n        return Version(pre)\n",
      "        string = self.text\n        if string[-1].isdigit():\n            string = _increment(string)\n        else:\n            string += \".0\"\n        return Version(string)\n",
    ),
  };
  const tests = {
    "tests/test_bump.py": "from pkg import parse\n\n\ndef test_bump():\n    v = parse(\"1.2.3-rc1\")\n    expected = parse(\"1.2.3-rc1.0\")\n    assert v.bump() == expected\n",
  };
  it("is hidden when only gold outputs the piece and no history states it", async () => {
    expect(literals(await classified(base, gold, tests, "Make bump always return a newer version."))["1.2.3-rc1.0"]).toBe("hidden");
    expect(literals(await classified(base, gold, tests, "bump appends `.0` to a prerelease that does not end in a number."))["1.2.3-rc1.0"]).toBe("inferable");
  });
  it("stays computed when the base outputs the string as it is somewhere the test can reach", async () => {
    const emits = { ...base, "pkg/version.py": base["pkg/version.py"].replace("        tag = _increment(tag)\n", "") };
    const goldEmits = { "pkg/version.py": gold["pkg/version.py"].replace("        tag = _increment(tag)\n", "") };
    expect(literals(await classified(emits, goldEmits, tests, "Make bump always return a newer version."))["1.2.3-rc1.0"]).toBe("visible");
  });
});

describe("parameter names a helper compares element by element with the function's signature (branch recall5)", () => {
  // Prompted by tabulate-break-long-words (held-out 4): test_api.py passes `[("headers", ()), …, ("wrap", True)]` to its
  // own `_check_signature`, which does `for (e, ev), (a, av) in zip(expected_sig, signature(fn).parameters.items()):
  // assert e == a and ev == av.default` — the names were not extracted, and a name spelled as a string that only
  // gold's code defines (a new keyword) was "computed by the behaviour".
  const base = {
    "pkg/__init__.py": "from .table import table\n",
    "pkg/table.py": "def table(rows, headers=(), width=None):\n    return str(rows)\n",
  };
  const gold = { "pkg/table.py": "def table(rows, headers=(), width=None, wrap_words=True):\n    return str(rows) if wrap_words else repr(rows)\n" };
  const tests = {
    "tests/test_api.py": "from inspect import signature\n\nfrom pkg import table\n\n\ndef _check_signature(function, expected_sig):\n    actual_sig = signature(function)\n    assert len(actual_sig.parameters) == len(expected_sig)\n    for (e, ev), (a, av) in zip(expected_sig, actual_sig.parameters.items()):\n        assert e == a and ev == av.default\n\n\ndef test_table_signature():\n    expected_sig = [\n        (\"rows\", None),\n        (\"headers\", ()),\n        (\"width\", None),\n        (\"wrap_words\", True),\n    ]\n    _check_signature(table, expected_sig)\n",
  };
  it("extracts them; a name only gold defines is hidden unless the history gives it, the base's stay visible", async () => {
    const found = literals(await classified(base, gold, tests, "Add a keyword argument to table(), last in the signature, that turns word wrapping off."));
    expect(found).toMatchObject({ rows: "visible", headers: "visible", width: "visible", wrap_words: "hidden" });
    expect(literals(await classified(base, gold, tests, "Add `wrap_words=True` to table(), last in the signature."))["wrap_words"]).toBe("specified");
  });
});

describe("an output the test's own callback builds from an argument gold adds to it (branch recall5)", () => {
  // Prompted by defu-merger-namespace (held-out 3): `defu.extend((obj, key, val, namespace) => { obj[key] = namespace +
  // ':' + … })`, where gold's code calls the merger with a fourth argument the base never passes; the expected
  // `':A,B'` and `'foo.bar:X,Y'` hold that argument's value, and were "computed by the behaviour" (visible).
  const base = {
    "package.json": "{\"name\":\"m\",\"main\":\"src/merge.ts\",\"devDependencies\":{\"vitest\":\"1\"}}",
    "src/merge.ts": "type Merger = (obj: any, key: string, value: any) => any\nfunction _merge(a: any, b: any, merger?: Merger): any {\n  const obj = Object.assign({}, b)\n  for (const key in a) {\n    if (merger && merger(obj, key, a[key])) continue\n    obj[key] = typeof a[key] === 'object' && obj[key] ? _merge(a[key], obj[key], merger) : a[key]\n  }\n  return obj\n}\nexport function extend(merger?: Merger) {\n  return (a: any, b: any) => _merge(a, b, merger)\n}\nconst merge = Object.assign(extend(), { extend })\nexport default merge\n",
  };
  const gold = {
    "src/merge.ts": "type Merger = (obj: any, key: string, value: any, path: string) => any\nfunction _merge(a: any, b: any, path: string, merger?: Merger): any {\n  const obj = Object.assign({}, b)\n  for (const key in a) {\n    if (merger && merger(obj, key, a[key], path)) continue\n    obj[key] = typeof a[key] === 'object' && obj[key] ? _merge(a[key], obj[key], (path ? `${path}.` : '') + key, merger) : a[key]\n  }\n  return obj\n}\nexport function extend(merger?: Merger) {\n  return (a: any, b: any) => _merge(a, b, '', merger)\n}\nconst merge = Object.assign(extend(), { extend })\nexport default merge\n",
  };
  const tests = {
    "test/merge.test.ts": "import { expect, it } from 'vitest'\nimport merge from '../src/merge'\n\nit('custom merger with a path', () => {\n  const ext = merge.extend((obj, key, val, path) => {\n    if (key === 'list') {\n      obj[key] = path + ':' + [...val, ...obj[key]].sort().join(',')\n      return true\n    }\n  })\n  expect(ext({ list: ['A'], foo: { bar: { list: ['X'] } } }, { list: ['B'], foo: { bar: { list: ['Y'] } } })).toEqual({ list: ':A,B', foo: { bar: { list: 'foo.bar:X,Y' } } })\n})\n\nit('plain merge', () => {\n  expect(merge({ a: 'x' }, { b: 'y' })).toEqual({ a: 'x', b: 'y' })\n})\n",
  };
  it("is gold's: hidden unless the history gives the argument's values", async () => {
    const found = literals(await classified(base, gold, tests, "Pass a fourth argument to a custom merger made with `merge.extend`: the path of the object being merged."));
    expect(found).toMatchObject({ ":A,B": "hidden", "foo.bar:X,Y": "hidden" });
  });
  it("is inferable when the history shows the argument's values by example, specified when it states the output", async () => {
    const found = literals(await classified(base, gold, tests, "Pass a fourth argument, the dotted path of the object being merged, to a custom merger made with `merge.extend`: `''` at the top level and `'foo.bar'` for the object at `foo.bar`."));
    expect(found).toMatchObject({ ":A,B": "inferable", "foo.bar:X,Y": "inferable" });
    expect(literals(await classified(base, gold, tests, "A merger given to `merge.extend` gets the path as a fourth argument; the test expects `':A,B'` and `'foo.bar:X,Y'`."))[":A,B"]).toBe("specified");
  });
});

describe("a string the code transforms before it is output, in JavaScript (branch recall5)", () => {
  // The Python rule above (semver-bump-prerelease), for `let pre = token + '.0'; pre = increment(pre)`.
  const base = {
    "package.json": "{\"name\":\"v\",\"main\":\"index.js\"}",
    "index.js": "function increment(text) {\n  return text.slice(0, -1) + String(Number(text.slice(-1)) + 1)\n}\nfunction bump(version, token = 'rc') {\n  let pre\n  if (/\\d$/.test(version)) {\n    pre = version\n  } else {\n    pre = token + '.0'\n  }\n  pre = increment(pre)\n  return pre\n}\nmodule.exports = { bump }\n",
  };
  const gold = {
    "index.js": base["index.js"].replace("  let pre\n  if (/\\d$/.test(version)) {\n    pre = version\n  } else {\n    pre = token + '.0'\n  }\n  pre = increment(pre)\n  return pre\n", "  let pre = version\n  if (/\\d$/.test(pre)) {\n    pre = increment(pre)\n  } else {\n    pre += '.0'\n  }\n  return pre\n"),
  };
  const tests = { "test/bump.test.js": "const assert = require('assert')\nconst { bump } = require('..')\n\nit('bumps a prerelease', () => {\n  assert.strictEqual(bump('1.2.3-rc1'), '1.2.3-rc1.0')\n})\n" };
  it("is hidden when only gold outputs the piece and no history states it", async () => {
    expect(literals(await classified(base, gold, tests, "Make bump always return a newer version."))["1.2.3-rc1.0"]).toBe("hidden");
  });
});

describe("an output joined from the test's inputs by a join gold adds (branch gaps5)", () => {
  // citty-subcommand-aliases (held-out 5): `expect(usage).toContain("install, i, add")`, made by gold's new
  // `[name, ...aliases].join(", ")` from the test's own names; the separator and the order are gold's fixed parts.
  // The base already joins other things with ", " in the same file (`-a, --arg`): one join more is gold's.
  const base = { "src/usage.ts": "export function usage(cmd: { name: string; alias?: string[]; args?: string[] }) {\n  const args = (cmd.args ?? []).map((a) => `--${a}`).join(\", \");\n  return `${cmd.name} ${args}`;\n}\n" };
  const gold = { "src/usage.ts": "export function usage(cmd: { name: string; alias?: string[]; args?: string[] }) {\n  const args = (cmd.args ?? []).map((a) => `--${a}`).join(\", \");\n  const label = [cmd.name, ...(cmd.alias ?? [])].join(\", \");\n  return `${label} ${args}`;\n}\n" };
  const tests = { "test/usage.test.ts": "import { it, expect } from 'vitest';\nimport { usage } from '../src/usage';\nit('lists aliases', () => {\n  const out = usage({ name: 'install', alias: ['i', 'add'] });\n  expect(out).toContain('install, i, add');\n  expect(out).toContain('install');\n});\n" };
  it("is gold's: hidden unless the history states it or shows the format by an example", async () => {
    expect(literals(await classified(base, gold, tests, "The usage lists each command's aliases beside its name."))["install, i, add"]).toBe("hidden");
    expect(literals(await classified(base, gold, tests, "The usage lists `install, i, add`."))["install, i, add"]).toBe("specified");
    expect(literals(await classified(base, gold, tests, "The usage lists the name, then its aliases, as in `build, b`."))["install, i, add"]).toBe("inferable");
  });
  it("is the base's when the base's join is all there is (gold adds none)", async () => {
    expect(literals(await classified(gold, {}, tests, "The usage lists each command's aliases beside its name."))["install, i, add"]).toBe("visible");
  });
});

describe("a date-time output with a UTC offset only gold's time-zone-aware code writes (branch gaps6)", () => {
  // Prompted by pjl-timestamp-utc (held-out 6): the base writes `datetime.utcnow()` (naive: no offset), gold
  // `datetime.fromtimestamp(record.created, tz=timezone.utc)`; the test compares "2017-07-14T02:40:00+00:00". No source
  // holds the literal, so it read "computed by the behaviour", though the base can never write its `+00:00`.
  const base = { "pkg/__init__.py": "", "pkg/fmt.py": "from datetime import datetime\n\n\ndef stamp(created):\n    return datetime.utcnow().isoformat()\n" };
  const gold = { "pkg/fmt.py": "from datetime import datetime, timezone\n\n\ndef stamp(created):\n    return datetime.fromtimestamp(created, tz=timezone.utc).isoformat()\n" };
  const tests = { "tests/test_fmt.py": "from pkg.fmt import stamp\n\n\ndef test_stamp():\n    assert stamp(1500000000.0) == \"2017-07-14T02:40:00+00:00\"\n\n\ndef test_naive():\n    assert stamp(0.0) != \"1970-01-01T00:00:00\"\n" };
  it("is hidden when the history never states it, inferable when it shows the offset, specified when it states it", async () => {
    expect(literals(await classified(base, gold, tests, "Use the record's creation time for the stamp."))).toMatchObject({ "2017-07-14T02:40:00+00:00": "hidden", "1970-01-01T00:00:00": "visible" });
    expect(literals(await classified(base, gold, tests, "Use the creation time as an aware UTC datetime, so the stamp carries an explicit offset."))["2017-07-14T02:40:00+00:00"]).toBe("inferable");
    expect(literals(await classified(base, gold, tests, "For 1500000000.0 the stamp reads `2017-07-14T02:40:00+00:00`."))["2017-07-14T02:40:00+00:00"]).toBe("specified");
  });
  it("stays computed where the base already writes a time zone", async () => {
    const aware = { ...base, "pkg/fmt.py": "from datetime import datetime, timezone\n\n\ndef stamp(created):\n    return datetime.now(timezone.utc).isoformat()\n" };
    expect(literals(await classified(aware, gold, tests, "Use the record's creation time for the stamp."))["2017-07-14T02:40:00+00:00"]).toBe("visible");
  });
});

describe("an output that breaks the case convention the history names for it (analyzer 34)", () => {
  // Prompted by humps-kebab-case (held-out 21): "dekebabize converts kebab-case back to snake_case" makes a reader
  // write `api_response` for 'API-Response'; the test expects 'API_Response' (gold keeps the letters' case).
  const base = { "humps/main.py": "import re\n\ndef camelize(s):\n    return re.sub(r\"_([a-z])\", lambda m: m.group(1).upper(), s)\n" };
  const gold = { "humps/main.py": base["humps/main.py"] + "\n\ndef dekebabize(s):\n    return s.replace(\"-\", \"_\")\n\n\ndef kebabize(s):\n    return s.replace(\"_\", \"-\")\n" };
  const tests = {
    "tests/test_kebabize.py": "from humps.main import kebabize\n\n\ndef test_edges():\n    assert kebabize(\"_API_Response_\") == \"_API-Response_\"\n",
    "tests/test_dekebabize.py": "from humps.main import dekebabize\n\n\ndef test_upper():\n    assert dekebabize(\"API-Response\") == \"API_Response\"\n\n\ndef test_lower():\n    assert dekebabize(\"taco-bell\") == \"taco_bell\"\n",
  };
  it("is hidden when the history names a lower-case convention for it and never says the case is kept", async () => {
    const found = literals(await classified(base, gold, tests, "Add kebabize to convert snake_case to kebab-case, and dekebabize to convert kebab-case back to snake_case."));
    expect(found["API_Response"]).toBe("hidden");
    expect(found["_API-Response_"]).toBe("hidden");
    expect(found["taco_bell"]).not.toBe("hidden");
  });
  it("is not hidden when the history says the letters keep their case, or states the value", async () => {
    expect(literals(await classified(base, gold, tests, "dekebabize turns kebab-case into snake_case; the letters keep their case."))["API_Response"]).not.toBe("hidden");
    expect(literals(await classified(base, gold, tests, "dekebabize converts kebab-case to snake_case: 'API-Response' becomes 'API_Response'."))["API_Response"]).toBe("specified");
  });
  it("is left as computed when the history names no convention for it, or one with capitals (Train-Case)", async () => {
    expect(literals(await classified(base, gold, tests, "Add dekebabize, turning each hyphen into an underscore."))["API_Response"]).not.toBe("hidden");
    // scule-flat-train-case (held-out 2): a function's name (`kebabCase`) names no convention for another's output.
    expect(literals(await classified(base, gold, tests, "Add dekebabize beside `kebabCase`, joining the words with `_`."))["API_Response"]).not.toBe("hidden");
    expect(literals(await classified(base, gold, tests, "Add dekebabize, which gives Train-Case from kebab-case."))["API_Response"]).not.toBe("hidden");
  });
});
