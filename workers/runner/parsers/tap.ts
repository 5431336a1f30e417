// TAP 13 / 14 → executed tests. Pure.
//
// Test id rule: the descriptions of the enclosing parent tests and of the test
// itself joined with " > " (node:test's TAP gives `describe > … > test`, the
// same chain its JUnit output gives). Subtests are the indented blocks of TAP
// 14 (4 spaces per level); a parent's test point follows its subtests, so
// children are named once their parent's line is read. A parent whose line
// never comes (a crash) is named from its `# Subtest: name` comment.
// `# SKIP` and `# TODO` directives count as skip; YAML diagnostics are skipped;
// lines that are not TAP are ignored, so stdout with noise can be read.

import { relativizePath, ReportParseError, type ExecutedTest, type ParsedReport } from "./types";
import type { ParseOptions } from "./junit";

interface Draft {
  path: string[];
  test: Omit<ExecutedTest, "id">;
}

const TEST_POINT = /^(not ok|ok)\b[ \t]*(\d+)?[ \t]*(?:-[ \t]*)?(.*)$/;
const PLAN = /^1\.\.(\d+)/;

export function parseTap(text: string, options: ParseOptions = {}): ParsedReport {
  const roots = options.roots ?? [];
  const warnings: string[] = [];
  const pending: Draft[][] = [[]];
  const subtestNames: string[] = [];
  let sawVersion = false;
  let sawPlan = false;
  let topLevelPlan: number | null = null;
  let yamlDepth: number | null = null;

  for (const rawLine of text.split(/\r?\n/)) {
    const expanded = rawLine.replace(/\t/g, "    ");
    const indent = expanded.length - expanded.trimStart().length;
    const line = expanded.trim();
    const depth = Math.floor(indent / 4);

    if (yamlDepth !== null) {
      if (line === "...") yamlDepth = null;
      continue;
    }
    if (line === "---") {
      yamlDepth = depth;
      continue;
    }
    if (/^TAP version 1[34]$/i.test(line)) {
      sawVersion = true;
      continue;
    }
    if (line.startsWith("Bail out!")) {
      warnings.push(`TAP producer bailed out: ${line.slice("Bail out!".length).trim() || "(no reason)"}`);
      break;
    }
    const subtest = /^# Subtest: (.*)$/.exec(line);
    if (subtest) {
      subtestNames[depth] = subtest[1] ?? "";
      subtestNames.length = depth + 1;
      continue;
    }
    const plan = PLAN.exec(line);
    if (plan) {
      sawPlan = true;
      if (depth === 0) topLevelPlan = Number(plan[1]);
      continue;
    }
    const point = TEST_POINT.exec(line);
    if (!point) continue;

    const { description, directive } = splitDirective(point[3] ?? "");
    const name = description === "" ? `#${point[2] ?? "?"}` : relativizePath(description, roots);
    const ok = point[1] === "ok";
    const outcome = directive === "skip" || directive === "todo" ? "skip" : ok ? "pass" : "fail";
    const own: Draft = { path: [name], test: { outcome, durationMs: null, message: null } };

    // Tests collected one level deeper are this test point's subtests.
    foldDeeperThan(depth, (d) => (d === depth + 1 ? name : (subtestNames[d - 1] ?? "(unnamed parent)")));
    (pending[depth] ??= []).push(own);
    subtestNames.length = depth;
  }

  // Subtests whose parent line never came: name them from "# Subtest:" comments.
  foldDeeperThan(0, (d) => subtestNames[d - 1] ?? "(unnamed parent)");
  const drafts = pending[0] ?? [];
  if (drafts.length === 0 && !sawVersion && !sawPlan) {
    throw new ReportParseError("tap", "not a TAP stream: no version line, plan or test point found");
  }
  const topLevel = drafts.filter((d) => d.path.length === 1).length;
  if (topLevelPlan !== null && topLevelPlan !== topLevel) {
    warnings.push(`TAP plan announced ${topLevelPlan} top-level tests, ${topLevel} reported`);
  }
  const tests = drafts.map((d) => ({ id: d.path.join(" > "), ...d.test }));
  return { format: "tap", flavor: "tap", tests, warnings };

  /** Moves tests at levels deeper than `depth` up one level at a time, prefixing their parent's name. */
  function foldDeeperThan(depth: number, parentNameAt: (level: number) => string): void {
    for (let d = pending.length - 1; d > depth; d--) {
      const parentName = parentNameAt(d);
      for (const child of pending[d] ?? []) child.path.unshift(parentName);
      (pending[d - 1] ??= []).push(...(pending[d] ?? []));
      pending[d] = [];
    }
  }
}

/** Splits `desc # SKIP reason` at the first unescaped `#`; `\#` and `\\` are unescaped. */
function splitDirective(rest: string): { description: string; directive: "skip" | "todo" | null } {
  let description = "";
  let comment: string | null = null;
  for (let i = 0; i < rest.length; i++) {
    const ch = rest[i];
    if (ch === "\\" && (rest[i + 1] === "#" || rest[i + 1] === "\\")) {
      description += rest[i + 1];
      i++;
    } else if (ch === "#") {
      comment = rest.slice(i + 1).trim();
      break;
    } else {
      description += ch;
    }
  }
  const directive = comment === null ? null : /^skip\b/i.test(comment) ? "skip" : /^todo\b/i.test(comment) ? "todo" : null;
  return { description: description.trim(), directive };
}
