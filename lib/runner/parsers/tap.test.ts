import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseTap } from "./tap";
import { ReportParseError } from "./types";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const pairs = (text: string) => parseTap(text).tests.map((t) => [t.id, t.outcome]);

describe("parseTap", () => {
  it("reads node --test --test-reporter=tap with subtests, like its JUnit ids", () => {
    expect(pairs(fixture("node-test.tap"))).toEqual([
      ["adds & <stuff>", "pass"],
      ["clamp > lower", "fail"],
      ["clamp > nested > deep", "pass"],
      ["clamp > nested", "pass"],
      ["clamp > skipped one", "skip"],
      ["clamp > todo one", "skip"],
      ["clamp", "fail"],
      ["dup", "pass"],
      ["dup", "fail"],
    ]);
  });

  it("reads a test point the code's own output ran into, where it carries the next number (tape)", () => {
    // prompts-text-cursor-offset (held-out 21): the prompt under test writes terminal escapes to stdout with no newline,
    // so tape's `not ok 1 …` followed them on one line; the test point was ignored and the failing test read as passed.
    const text = [
      "TAP version 13",
      "# move",
      "\x1b[2K\x1b[1G? [object Object] \u203a Hello, world!\x1b7\x1b8not ok 1 cursorOffset is 0 at start",
      "  ---",
      "    operator: deepEqual",
      "    expected: 0",
      "    actual:   undefined",
      "  ...",
      "ok 2 cursor starts at 0",
      "# delete",
      "the log says ok 7 things, it took 3 s",
      "\x07ok 3 deletes",
      "",
      "1..3",
    ].join("\n");
    expect(pairs(text)).toEqual([
      ["move", "fail"],
      ["delete", "pass"],
    ]);
    expect(parseTap(text).tests[1]!.assertions!.map((a) => a.name)).toEqual(["deletes"]);
  });

  it("reads flat TAP 13 with directives, escapes, YAML and noise", () => {
    const text = [
      "some log line from the program",
      "TAP version 13",
      "1..4",
      "ok 1 - parses \\# hash # SKIP not on this platform",
      "not ok 2 - rejects bad input",
      "  ---",
      "  message: 'not ok 3 - inside yaml is not a test'",
      "  ...",
      "not ok 3 - later # TODO write it",
      "ok 4",
    ].join("\n");
    expect(pairs(text)).toEqual([
      ["parses # hash", "skip"],
      ["rejects bad input", "fail"],
      ["later", "skip"],
      ["#4", "pass"],
    ]);
  });

  it("names TAP 14 subtests without '# Subtest' comments from their parent line", () => {
    const text = ["TAP version 14", "    ok 1 - child a", "    not ok 2 - child b", "    1..2", "not ok 1 - parent", "1..1"].join("\n");
    expect(pairs(text)).toEqual([
      ["parent > child a", "pass"],
      ["parent > child b", "fail"],
      ["parent", "fail"],
    ]);
  });

  it("keeps the subtests of a parent that crashed before its line, and warns on plan and bail out", () => {
    const text = ["TAP version 14", "1..2", "# Subtest: suite", "    ok 1 - first", "    ok 2 - second", "Bail out! database gone"].join("\n");
    const report = parseTap(text);
    expect(report.tests.map((t) => t.id)).toEqual(["suite > first", "suite > second"]);
    expect(report.warnings.join("\n")).toMatch(/bailed out: database gone/);
    expect(report.warnings.join("\n")).toMatch(/plan announced 2 top-level tests, 0 reported/);
  });

  it("groups tape's numbered assertions under the # name they follow: one test per name", () => {
    const report = parseTap(fixture("tape.tap"));
    expect(report.flavor).toBe("tape");
    expect(pairs(fixture("tape.tap"))).toEqual([
      ["clamp lower", "fail"],
      ["outer", "pass"],
      ["inner", "pass"],
      ["skipme", "skip"],
      ["todo one", "skip"],
      ["outer", "pass"],
    ]);
    const [lower] = report.tests;
    expect(lower?.assertions).toEqual([
      { name: "should be strictly equal", outcome: "pass", message: null },
      { name: "arrays", outcome: "fail", message: "arrays: expected [1,3], actual [1,2]" },
    ]);
    expect(lower?.message).toBe("1 of 2 assertions failed: arrays: expected [1,3], actual [1,2]");
    expect(lower?.detail).toMatch(/not ok 2 arrays\noperator: deepEqual\nexpected: \[1,3\]/);
    expect(report.warnings).toEqual([]);
  });

  it("a tape test passes only when every assertion passes, whatever the last one says", () => {
    const text = ["TAP version 13", "# adds", "not ok 1 should be equal", "ok 2 should be equal", "1..2"].join("\n");
    expect(pairs(text)).toEqual([["adds", "fail"]]);
  });

  it("keeps node's failure text from the YAML diagnostics", () => {
    const lower = parseTap(fixture("node-test.tap")).tests.find((t) => t.id === "clamp > lower");
    expect(lower?.message).toBe("Expected values to be strictly equal: 1 !== 2");
    expect(lower?.detail).toMatch(/operator: strictEqual/);
  });

  it("rejects text with no TAP in it", () => {
    expect(() => parseTap("Ran 3 tests in 0.01s\nOK\n")).toThrow(ReportParseError);
  });
});
