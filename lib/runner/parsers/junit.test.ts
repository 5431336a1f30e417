import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseJUnit } from "./junit";
import { ReportParseError } from "./types";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const outcomes = (xml: string, roots: string[] = []) =>
  Object.fromEntries(parseJUnit(xml, { roots }).tests.map((t) => [t.id, t.outcome]));

describe("parseJUnit", () => {
  it("reads node --test --test-reporter=junit (Node 20): describe chains, skip/todo, duplicates kept", () => {
    const report = parseJUnit(fixture("node-test.xml"));
    expect(report.flavor).toBe("node");
    expect(report.tests.map((t) => [t.id, t.outcome])).toEqual([
      ["adds & <stuff>", "pass"],
      ["clamp > lower", "fail"],
      ["clamp > nested > deep", "pass"],
      ["clamp > skipped one", "skip"],
      ["clamp > todo one", "skip"],
      ["dup", "pass"],
      ["dup", "fail"],
    ]);
    expect(report.tests[1]?.message).toBe("Expected values to be strictly equal:1 !== 2");
    expect(report.tests[1]?.detail).toMatch(/1 !== 2/);
    expect(report.tests[0]?.detail).toBeNull();
  });

  it("makes node's absolute file attribute relative to the workspace", () => {
    expect(outcomes(fixture("node-test-file-attr.xml"), ["/tmp/specpath/workspace"])).toEqual({
      "test/add.test.js::adds": "pass",
      "test/clamp.test.js::clamp > lower": "pass",
    });
  });

  it("reads pytest xunit2 (module.Class::name) and keeps parameterized ids whole", () => {
    const report = parseJUnit(fixture("pytest-xunit2.xml"));
    expect(report.flavor).toBe("pytest");
    expect(outcomes(fixture("pytest-xunit2.xml"))).toEqual({
      "tests.test_calc::test_add": "pass",
      "tests.test_calc::test_lt[1-2]": "fail",
      "tests.test_calc::test_lt[2-3]": "fail",
      "tests.test_calc.TestClamp::test_low": "pass",
      "tests.test_calc.TestClamp::test_skip": "skip",
      "tests.test_calc.TestClamp::test_err": "error",
      "tests.test_calc::test_xfail": "skip",
    });
  });

  it("reads pytest xunit1 into pytest's own node ids (file::Class::name)", () => {
    expect(Object.keys(outcomes(fixture("pytest-xunit1.xml")))).toEqual([
      "tests/test_calc.py::test_add",
      "tests/test_calc.py::test_lt[1-2]",
      "tests/test_calc.py::test_lt[2-3]",
      "tests/test_calc.py::TestClamp::test_low",
      "tests/test_calc.py::TestClamp::test_skip",
      "tests/test_calc.py::TestClamp::test_err",
      "tests/test_calc.py::test_xfail",
    ]);
  });

  it("reads vitest's junit reporter (file::describe > test)", () => {
    const report = parseJUnit(fixture("vitest.xml"));
    expect(report.flavor).toBe("vitest");
    expect(outcomes(fixture("vitest.xml"))).toEqual({
      "src/m.test.ts::clamp > keeps <inside> & values": "pass",
      "src/m.test.ts::clamp > fails": "fail",
      "src/m.test.ts::clamp > skipped": "skip",
      "src/m.test.ts::clamp > nested > deep": "pass",
      "src/m.test.ts::top level": "pass",
    });
  });

  it("reads jest-junit (suite::name)", () => {
    expect(outcomes(fixture("jest-junit.xml"))).toEqual({
      "clamp::clamp returns the lower bound": "pass",
      "clamp::clamp returns the upper bound": "fail",
      "clamp::clamp handles NaN": "skip",
      "src/add.test.js::adds numbers": "pass",
    });
  });

  it("reads a jest test outside any describe as file::name, not file:: > name (the recipe's title template joins an empty classname)", () => {
    // jest-junit with the studio's recipe: JEST_JUNIT_CLASSNAME="{classname}", JEST_JUNIT_TITLE="{classname} > {title}", file attribute on.
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="jest tests" tests="3" failures="0" errors="0" time="0.4">
  <testsuite name="test/clamp.test.js" errors="0" failures="0" skipped="0" timestamp="2026-12-01T10:00:00" time="0.3" tests="3">
    <testcase classname="" name=" &gt; keeps a value inside the range" time="0.001" file="test/clamp.test.js"></testcase>
    <testcase classname="clamp" name="clamp &gt; returns low below the range" time="0.001" file="test/clamp.test.js"></testcase>
    <testcase classname="clamp &gt; nested" name="clamp &gt; nested &gt; deep" time="0.001" file="test/clamp.test.js"></testcase>
  </testsuite>
</testsuites>`;
    expect(Object.keys(outcomes(xml))).toEqual([
      "test/clamp.test.js::keeps a value inside the range",
      "test/clamp.test.js::clamp > returns low below the range",
      "test/clamp.test.js::clamp > nested > deep",
    ]);
  });

  it("reads mocha's xunit reporter (file::full title) and keeps the failure text", () => {
    const report = parseJUnit(fixture("mocha-xunit.xml"), { roots: ["/tmp/specpath/workspace"] });
    expect(report.flavor).toBe("mocha");
    expect(report.tests.map((t) => [t.id, t.outcome])).toEqual([
      ["test/clamp.test.js::top", "pass"],
      ["test/clamp.test.js::clamp returns low below", "fail"],
      ["test/clamp.test.js::clamp returns high above", "pass"],
      ["test/clamp.test.js::clamp nested deep", "pass"],
    ]);
    expect(report.tests[1]?.message).toBe("Expected values to be strictly equal: 1 !== 2");
    expect(report.tests[1]?.detail).toMatch(/1 !== 2[\s\S]*at Context.<anonymous> \(test\/clamp.test.js:3:40\)/);
  });

  it("reads gotestsum (package::TestX/sub)", () => {
    const report = parseJUnit(fixture("gotestsum.xml"));
    expect(report.flavor).toBe("go");
    expect(outcomes(fixture("gotestsum.xml"))).toEqual({
      "github.com/acme/mathx::TestClamp/lower_bound": "pass",
      "github.com/acme/mathx::TestClamp/upper_bound": "fail",
      "github.com/acme/mathx::TestClamp": "fail",
      "github.com/acme/mathx::TestSlow": "skip",
      "github.com/acme/mathx/internal/round::TestRound": "pass",
    });
  });

  it("accepts a bare <testsuite> root and nested suites of an unknown reporter", () => {
    const xml = `<testsuite name="outer"><testsuite name="inner"><testcase classname="pkg.A" name="t"/></testsuite><testcase name="loose"/></testsuite>`;
    expect(outcomes(xml)).toEqual({ "pkg.A::t": "pass", "outer::loose": "pass" });
  });

  it("rejects input that is not XML, and XML that is not JUnit, with a clear error", () => {
    expect(() => parseJUnit("Tests: 3 passed\n")).toThrow(ReportParseError);
    expect(() => parseJUnit("Tests: 3 passed\n")).toThrow(/not valid XML/);
    expect(() => parseJUnit("<html><body/></html>")).toThrow(/root element is <html>/);
  });

  it("warns when the report lists no test cases", () => {
    expect(parseJUnit("<testsuites/>").warnings).toEqual(["the JUnit report lists no test cases"]);
  });
});
