// Pure: tAP 13 / 14 → executed tests, read with the reference parser `tap-parser`.
//
// Test id rules:
//
// | producer            | recognised by                        | id                                              |
// |---------------------|--------------------------------------|-------------------------------------------------|
// | node:test, tap 14   | indented subtests (`# Subtest: name`) | the enclosing parents' and the test's own names  |
// |                     |                                      | joined with " > " (as node's JUnit gives them)   |
// | tape                | `# name` comments before assertions  | the `# name` the assertions follow; its numbered |
// |                     |                                      | assertions are that one test's assertions        |
// | flat TAP            | neither                              | the test point's description, else `#<number>`  |
//
// A tape test passes only when every one of its assertions passes; it is skipped
// when all of them are skipped or TODO (or tape printed `# SKIP name`), and each
// assertion is kept (name, ok, diagnostics) for display. tape prints a subtest
// (`t.test("inner")`) as its own `# inner` group, so a subtest is its own test.
// A parent's test point follows its subtests, so children are named once their
// parent's line is read; a parent whose line never comes (a crash) is named from
// its `# Subtest: name` comment. `# SKIP` / `# TODO` directives count as skip;
// lines that are not TAP are ignored, so stdout with noise can be read.
import { Parser, type EventLog, type Result } from "tap-parser";
import type { ParseOptions } from "./junit";
import { firstLine, relativizePath, ReportParseError, type AssertionResult, type ExecutedTest, type ParsedReport, type TestOutcome } from "./types";

/** Comments that are not a tape test's name: summaries of tape and node, and tap-parser's own notes. */
const NOT_A_NAME =
  /^(?:Subtest\b|tests \d+$|suites \d+$|pass \d+$|fail \d+$|cancelled \d+$|skipped \d+$|skip \d+$|todo \d+$|duration_ms\b|ok$|not ok$|test count\(|time=)/;
const LOOKS_LIKE_TAP = /^[ \t]*(?:TAP version 1[34]\b|1\.\.\d+|not ok\b|ok\b|Bail out!)/m;
const MAX_DETAIL = 4000;

interface Draft {
  path: string[];
  test: Omit<ExecutedTest, "id">;
}

interface Group {
  name: string;
  skipped: boolean;
  assertions: Result[];
}

export function parseTap(text: string, options: ParseOptions = {}): ParsedReport {
  if (!LOOKS_LIKE_TAP.test(text)) {
    throw new ReportParseError("tap", "not a TAP stream: no version line, plan or test point found");
  }
  const roots = options.roots ?? [];
  const warnings: string[] = [];
  const events = Parser.parse(withMergedPointsApart(text));
  const { drafts, topLevelPoints, plan } = walk(events, roots, warnings, true);
  if (plan !== null && plan !== topLevelPoints) {
    warnings.push(`TAP plan announced ${plan} top-level tests, ${topLevelPoints} reported`);
  }
  const tests = drafts.map((d) => ({ id: d.path.join(" > "), ...d.test }));
  return { format: "tap", flavor: tests.some((t) => t.assertions) ? "tape" : "tap", tests, warnings };
}

/**
 * The code under test writes to the same stdout as the runner, without a newline at times (a prompt's terminal
 * escapes), so a top-level test point can follow that output on one line (`…\x1b8not ok 1 name`); read there it
 * is noise, and a failing test reads as passed. A test point found inside an unindented line is put on a line of its
 * own only where it carries the next number in sequence and starts a word, so a log line saying "ok 7 things" or
 * "took 3 s" stays noise.
 */
function withMergedPointsApart(text: string): string {
  let next = 1;
  return text
    .split("\n")
    .map((line) => {
      const own = /^(?:not )?ok (\d+)\b/.exec(line);
      if (own) {
        next = Number(own[1]) + 1;
        return line;
      }
      if (/^\s/.test(line)) return line;
      const merged = new RegExp(`(?<![A-Za-z])(?:not )?ok ${next}(?= |$)`).exec(line);
      if (!merged || merged.index === 0) return line;
      next += 1;
      return `${line.slice(0, merged.index)}\n${line.slice(merged.index)}`;
    })
    .join("\n");
}

interface Walked {
  drafts: Draft[];
  /** Test points at this level (a tape group's assertions count one each). */
  topLevelPoints: number;
  plan: number | null;
  /** The `# Subtest: name` this log opened with, for a parent that never reported. */
  subtestName: string | null;
}

function walk(events: EventLog, roots: readonly string[], warnings: string[], top: boolean): Walked {
  const out: Draft[] = [];
  let children: Draft[] = [];
  let orphanName: string | null = null;
  let group: Group | null = null;
  let points = 0;
  let plan: number | null = null;
  let subtestName: string | null = null;
  let sawAssert = false;

  const closeGroup = () => {
    if (group && (group.assertions.length > 0 || group.skipped)) out.push(groupDraft(group, roots));
    group = null;
  };
  const adoptOrphans = () => {
    // Subtests whose parent line never came: name them from "# Subtest:".
    for (const child of children) child.path.unshift(orphanName ?? "(unnamed parent)");
    out.push(...children);
    children = [];
  };

  for (const event of events) {
    const [kind, payload] = event as [string, unknown];
    switch (kind) {
      case "comment": {
        const comment = String(payload).replace(/^#\s*/, "").trim();
        const subtest = /^Subtest:\s*(.*)$/.exec(comment);
        if (subtest && !sawAssert && subtestName === null && !top) subtestName = subtest[1] ?? "";
        if (NOT_A_NAME.test(comment) || comment === "") break;
        if (children.length > 0) adoptOrphans();
        closeGroup();
        const skip = /^SKIP\s+(.*)$/.exec(comment);
        const todo = /^TODO\s+(.*)$/.exec(comment);
        group = { name: relativizePath((skip?.[1] ?? todo?.[1] ?? comment).trim(), roots), skipped: Boolean(skip), assertions: [] };
        break;
      }
      case "child": {
        if (children.length > 0) adoptOrphans();
        closeGroup();
        const child = walk(payload as EventLog, roots, warnings, false);
        children.push(...child.drafts);
        orphanName = child.subtestName;
        break;
      }
      case "assert": {
        const result = payload as Result;
        sawAssert = true;
        points++;
        if (children.length > 0) {
          // This test point closes the subtests just read: it is their parent.
          const name = pointName(result, roots);
          for (const child of children) child.path.unshift(name);
          out.push(...children, pointDraft(result, roots));
          children = [];
        } else if (group) {
          group.assertions.push(result);
        } else {
          out.push(pointDraft(result, roots));
        }
        break;
      }
      case "plan": {
        const p = payload as { start: number; end: number };
        plan = p.end - p.start + 1;
        break;
      }
      case "bailout":
        if (top) warnings.push(`TAP producer bailed out: ${String(payload || "").trim() || "(no reason)"}`);
        break;
      default:
        break;
    }
  }
  if (children.length > 0) adoptOrphans();
  closeGroup();
  return { drafts: out, topLevelPoints: points, plan, subtestName };
}

function pointName(result: Result, roots: readonly string[]): string {
  return result.name.trim() === "" ? `#${result.id}` : relativizePath(result.name.trim(), roots);
}

function pointOutcome(result: Result): TestOutcome {
  if (result.skip !== false || result.todo !== false) return "skip";
  return result.ok ? "pass" : "fail";
}

function pointDraft(result: Result, roots: readonly string[]): Draft {
  const outcome = pointOutcome(result);
  const detail = outcome === "fail" ? diagnostics(result) : null;
  const seconds = typeof result.time === "number" ? result.time : null;
  return {
    path: [pointName(result, roots)],
    test: {
      outcome,
      durationMs: seconds === null ? null : Math.round(seconds),
      message: outcome === "fail" ? firstLine(failureText(result)) : null,
      detail,
    },
  };
}

function groupDraft(group: Group, roots: readonly string[]): Draft {
  const assertions: AssertionResult[] = group.assertions.map((a) => ({
    name: pointName(a, roots),
    outcome: pointOutcome(a),
    message: pointOutcome(a) === "fail" ? firstLine(failureText(a)) : null,
  }));
  const failing = group.assertions.filter((a) => pointOutcome(a) === "fail");
  const allSkipped = group.assertions.every((a) => pointOutcome(a) === "skip");
  const outcome: TestOutcome = failing.length > 0 ? "fail" : group.skipped || allSkipped ? "skip" : "pass";
  const detail =
    failing.length === 0
      ? null
      : cap(failing.map((a) => `not ok ${a.id} ${a.name}\n${diagnostics(a) ?? ""}`.trimEnd()).join("\n"));
  return {
    path: [group.name],
    test: {
      outcome,
      durationMs: null,
      message: failing[0] ? firstLine(`${failing.length} of ${group.assertions.length} assertions failed: ${failureText(failing[0])}`) : null,
      detail,
      assertions,
    },
  };
}

/** The assertion's own words: node's `error`, else the description plus tape's expected/actual. */
function failureText(result: Result): string {
  const diag = (result.diag ?? {}) as Record<string, unknown>;
  if (typeof diag.error === "string" && diag.error.trim() !== "") return diag.error.replace(/\s*\n\s*/g, " ");
  if (typeof diag.message === "string" && diag.message.trim() !== "") return diag.message;
  const parts = [result.name || `assertion #${result.id}`];
  if ("expected" in diag || "actual" in diag) parts.push(`expected ${show(diag.expected)}, actual ${show(diag.actual)}`);
  return parts.join(": ");
}

function diagnostics(result: Result): string | null {
  const diag = result.diag as Record<string, unknown> | null;
  if (!diag) return null;
  const lines = Object.entries(diag)
    .filter(([key]) => key !== "duration_ms" && key !== "stack")
    .map(([key, value]) => `${key}: ${show(value)}`);
  return lines.length === 0 ? null : cap(lines.join("\n"));
}

function show(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
}

function cap(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL)}…` : text;
}
