// Bundled (esbuild) into the SWE-bench `eval_script` of JavaScript families: reads the test
// command's report with the studio's own parsers and prints one TAP line per executed test,
// `ok <n> <id>` / `not ok <n> <id>`, with the id exactly as the studio records it, so the
// harness's `parse_log_tap` (swebench/harness/log_parsers/javascript.py) reports the same ids
// the JSONL's FAIL_TO_PASS / PASS_TO_PASS list. Skipped tests print nothing (they are neither).
// Two bundles: JUnit only (small, most families) and JUnit + TAP (tap-parser is large).
// usage: node specpath_tap_log.mjs <report> <workspace> [stdout file]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { ParsedReport } from "../../../workers/runner/parsers/types";

export function printTapLog(parse: (text: string, roots: string[]) => ParsedReport, allowStdout: boolean) {
  const [report, workspace, stdoutFile] = process.argv.slice(2) as [string, string, string?];
  const text = existsSync(report) ? readFileSync(report, "utf8") : allowStdout && stdoutFile && existsSync(stdoutFile) ? readFileSync(stdoutFile, "utf8") : null;
  if (text === null) {
    console.log(`specpath: the test command wrote no report at ${report}`);
    return;
  }
  const parsed = parse(text, [workspace, path.resolve(workspace)]);
  let n = 0;
  for (const test of parsed.tests) {
    if (test.outcome === "skip") continue;
    n += 1;
    console.log(`${test.outcome === "pass" ? "ok" : "not ok"} ${n} ${test.id.replace(/\s*\n\s*/g, " ")}`);
  }
}
