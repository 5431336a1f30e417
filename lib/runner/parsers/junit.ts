// Pure: jUnit XML → executed tests with stable ids.
//
// Test id rule: `<location>::<name>`, chosen per reporter so that the id looks
// like the one the tool itself prints and never depends on the workspace path:
//
// | flavor  | recognised by                               | id                                                   |
// |---------|---------------------------------------------|------------------------------------------------------|
// | pytest  | <testsuite name="pytest"> or a *.py `file`  | `file::Class::name` when `file` is given (xunit1),    |
// |         |                                             | else `classname::name` (xunit2: module.Class::name)  |
// | vitest  | <testsuites name="vitest tests">            | `classname::name` (file::describe > test)            |
// | jest    | <testsuites name="jest tests">              | `file::name`, without `file` `suite name::name`      |
// | node    | every testcase has classname="test"         | `file::describe > … > name`; Node 20 writes no file, |
// |         | (node --test --test-reporter=junit)         | so `describe > … > name`                             |
// | go      | <property name="go.version"> (gotestsum)    | `classname::name` (import/path::TestX/sub_case)      |
// | mocha   | <testsuite name="Mocha Tests"> (xunit)      | `file::full title` (describe titles and the test's,  |
// |         |                                             | space-joined, as mocha's --grep matches them)        |
// | generic | anything else                               | `location::name`, location = file, else classname,   |
// |         |                                             | else the enclosing suite's name                      |
//
// Paths are made relative to the workspace roots. Names are kept whole, so a
// parameterized `test_x[1-2]` is one id. Equal ids are all kept (a probe
// matching several executions passes only if every one passes).

import { parseXml, XmlParseError, type XmlElement } from "./xml";
import { firstLine, relativizePath, ReportParseError, type ExecutedTest, type ParsedReport, type TestOutcome } from "./types";

export type JUnitFlavor = "pytest" | "vitest" | "jest" | "node" | "go" | "mocha" | "generic";

export interface ParseOptions {
  /** Absolute workspace paths to strip from file paths (both host and sandbox views). */
  roots?: readonly string[];
}

interface RawCase {
  element: XmlElement;
  suites: string[];
}

export function parseJUnit(xml: string, options: ParseOptions = {}): ParsedReport {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlParseError) throw new ReportParseError("junit", `report is not valid XML: ${error.message}`);
    throw error;
  }
  if (root.name !== "testsuites" && root.name !== "testsuite") {
    throw new ReportParseError("junit", `not a JUnit report: root element is <${root.name}>, expected <testsuites> or <testsuite>`);
  }

  const cases: RawCase[] = [];
  collectCases(root, [], cases);
  const flavor = detectFlavor(root, cases);
  const roots = options.roots ?? [];
  const tests = cases.map((raw) => toExecutedTest(raw, flavor, roots));
  const warnings = tests.length === 0 ? ["the JUnit report lists no test cases"] : [];
  return { format: "junit", flavor, tests, warnings };
}

function collectCases(element: XmlElement, suites: string[], out: RawCase[]): void {
  const here = element.name === "testsuite" ? [...suites, element.attrs.name ?? ""] : suites;
  for (const child of element.children) {
    if (child.name === "testcase") out.push({ element: child, suites: here });
    else if (child.name === "testsuite") collectCases(child, here, out);
  }
}

function detectFlavor(root: XmlElement, cases: RawCase[]): JUnitFlavor {
  const rootName = root.name === "testsuites" ? root.attrs.name : undefined;
  if (rootName === "vitest tests") return "vitest";
  if (rootName === "jest tests") return "jest";
  if (root.name === "testsuite" && root.attrs.name === "Mocha Tests") return "mocha";
  if (cases.some((c) => c.suites[0] === "pytest" || c.element.attrs.file?.endsWith(".py"))) return "pytest";
  if (hasGoVersionProperty(root)) return "go";
  if (cases.length > 0 && cases.every((c) => c.element.attrs.classname === "test")) return "node";
  return "generic";
}

function hasGoVersionProperty(element: XmlElement): boolean {
  if (element.name === "property" && element.attrs.name === "go.version") return true;
  return element.children.some(hasGoVersionProperty);
}

function testId(raw: RawCase, flavor: JUnitFlavor, roots: readonly string[]): string {
  const { attrs } = raw.element;
  const name = attrs.name ?? "";
  const file = attrs.file ? relativizePath(attrs.file, roots) : undefined;
  const classname = attrs.classname ? relativizePath(attrs.classname, roots) : undefined;
  const innermostSuite = raw.suites[raw.suites.length - 1];

  switch (flavor) {
    case "pytest": {
      if (!file) return `${classname ?? ""}::${name}`;
      const module = file.replace(/\.py$/, "").split("/").join(".");
      const classPath =
        classname === undefined || classname === module
          ? []
          : classname.startsWith(`${module}.`)
            ? classname.slice(module.length + 1).split(".")
            : [classname];
      return [file, ...classPath, name].join("::");
    }
    case "node": {
      const chain = [...raw.suites, name].join(" > ");
      return file ? `${file}::${chain}` : chain;
    }
    case "jest":
      // The recipe's title "{classname} > {title}" leaves " > name" for a test outside any describe.
      return `${file ?? innermostSuite ?? ""}::${attrs.classname ? name : name.replace(/^\s*>\s+/, "")}`;
    case "mocha": {
      const title = [attrs.classname ?? "", name].filter((part) => part !== "").join(" ");
      return `${file ?? ""}::${title}`;
    }
    default:
      return `${file ?? classname ?? innermostSuite ?? ""}::${name}`;
  }
}

function toExecutedTest(raw: RawCase, flavor: JUnitFlavor, roots: readonly string[]): ExecutedTest {
  const { element } = raw;
  const find = (name: string) => element.children.find((c) => c.name === name);
  const error = find("error");
  const failure = find("failure");
  const skipped = find("skipped");
  const [outcome, detail]: [TestOutcome, XmlElement | undefined] = error
    ? ["error", error]
    : failure
      ? ["fail", failure]
      : skipped
        ? ["skip", skipped]
        : ["pass", undefined];
  const seconds = Number(element.attrs.time);
  return {
    id: testId(raw, flavor, roots),
    outcome,
    durationMs: element.attrs.time !== undefined && Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
    message: detail ? firstLine(detail.attrs.message || detail.text) : null,
    detail: detail && outcome !== "skip" ? failureDetail(detail) : null,
  };
}

const MAX_DETAIL = 4000;

/** The <failure>/<error> message attribute and its body (the assertion and stack), capped. */
function failureDetail(element: XmlElement): string | null {
  const message = element.attrs.message?.trim() ?? "";
  const body = element.text.trim();
  const text = body.startsWith(message) ? body : [message, body].filter(Boolean).join("\n");
  if (text === "") return null;
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}
