// Bundled (esbuild) into the SWE-bench `eval_script`: reads the test command's report with the
// studio's own parsers and
//   - prints one TAP line per executed test, `ok <n> <id>` / `not ok <n> <id>`, with the id
//     exactly as the studio records it, so the harness's `parse_log_tap`
//     (swebench/harness/log_parsers/javascript.py) reports the ids FAIL_TO_PASS / PASS_TO_PASS
//     list (skipped tests print nothing: they are neither) — unless `--verdict-only`. Canary
//     tests print too: they are in neither list, and the must-fail one's `not ok` line is the
//     failure the harness wants to see beside the test command's non-zero exit;
//   - with a canaries file (the grading recipe's tamper canaries, lib/grading/recipe.ts), when
//     they say the run was rigged, prints SWE-bench's
//     ">>>>> Tests Errored", which makes the harness treat the log as no result (not resolved).
// Two bundles: JUnit only (small, most families) and JUnit + TAP (tap-parser is large).
// usage: node specpath_tap_log.mjs <report> <workspace> <stdout file> [canaries.json] [--verdict-only]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { canaryVerdict, isCanaryTest, type TCanary } from "../../grading/recipe";
import type { ParsedReport } from "../../runner/parsers/types";

export const TESTS_ERROR = ">>>>> Tests Errored";

export function printTapLog(parse: (text: string, roots: string[]) => ParsedReport, allowStdout: boolean) {
  const args = process.argv.slice(2);
  const verdictOnly = args.includes("--verdict-only");
  const [report, workspace, stdoutFile, canariesFile] = args.filter((a) => a !== "--verdict-only") as [string, string, string?, string?];
  const text = existsSync(report) ? readFileSync(report, "utf8") : allowStdout && stdoutFile && existsSync(stdoutFile) ? readFileSync(stdoutFile, "utf8") : null;
  if (text === null) {
    console.log(`specpath: the test command wrote no report at ${report}`);
    return;
  }
  const parsed = parse(text, [workspace, path.resolve(workspace)]);
  const plan = canariesFile && existsSync(canariesFile)
    ? (JSON.parse(readFileSync(canariesFile, "utf8")) as { nonce: string; canaries: TCanary[]; probes: string[] })
    : null;
  const tests = plan ? parsed.tests.filter((t) => !isCanaryTest(t.id, plan.nonce)) : parsed.tests;
  if (!verdictOnly) {
    let n = 0;
    for (const test of parsed.tests) {
      if (test.outcome === "skip") continue;
      n += 1;
      console.log(`${test.outcome === "pass" ? "ok" : "not ok"} ${n} ${test.id.replace(/\s*\n\s*/g, " ")}`);
    }
  }
  if (plan && plan.canaries.length > 0) {
    const ran = new Set(tests.map((t) => t.id));
    const verdict = canaryVerdict(plan.canaries, parsed.tests, plan.nonce, plan.probes.every((p) => ran.has(p)));
    if (verdict.tampered) console.log(`${TESTS_ERROR} (specpath: ${verdict.reason})`);
  }
}
