// Pure: test helper: SWE-bench 5.0.2's grading, ported from its source (github:SWE-bench/SWE-bench,
// tag v5.0.2 / 490635b) so tests grade an eval_script's log as the harness does:
//   swebench/harness/utils.py        parse_eval_script, record_test_exit_code, TestSpec.eval_script
//   swebench/harness/grading.py      get_logs_eval, test_passed / test_failed / test_maintained,
//                                    get_eval_tests_report (pass_and_fail), get_resolution_status
//   swebench/harness/log_parsers/python.py      parse_log_pytest
//   swebench/harness/log_parsers/javascript.py  parse_log_tap
// Python's str.split() (no argument) splits on runs of whitespace and drops empty ends; the port
// uses the same. Nothing here is the studio's own reading of a log.

export const TestStatus = { FAILED: "FAILED", PASSED: "PASSED", SKIPPED: "SKIPPED", ERROR: "ERROR", XFAIL: "XFAIL" } as const;
const STATUSES = Object.values(TestStatus);

const APPLY_PATCH_FAIL = ">>>>> Patch Apply Failed";
const RESET_FAILED = ">>>>> Reset Failed";
const TESTS_ERROR = ">>>>> Tests Errored";
const TESTS_TIMEOUT = ">>>>> Tests Timed Out";
const START_TEST_OUTPUT = ">>>>> Start Test Output";
const END_TEST_OUTPUT = ">>>>> End Test Output";
const TEST_EXIT_CODE = ">>>>> Test Exit Code";
const TEST_EXIT_CODE_VAR = "SWEBENCH_TEST_EXIT_CODE";

const pySplit = (s: string) => s.split(/\s+/).filter(Boolean);

export function parseEvalScript(evalScript: string): string[] {
  return evalScript.trim().split("\n").filter((line) => line !== "#!/bin/bash" && line !== "set -uxo pipefail");
}

export function recordTestExitCode(list: string[]): string[] {
  const i = list.findIndex((line) => line.includes(END_TEST_OUTPUT));
  if (i < 0) return list;
  return [...list.slice(0, i), `${TEST_EXIT_CODE_VAR}=$?`, list[i]!, `echo "${TEST_EXIT_CODE}: $${TEST_EXIT_CODE_VAR}"`, ...list.slice(i + 1)];
}

/** TestSpec(eval_script_list=record_test_exit_code(parse_eval_script(...))).eval_script */
export function harnessEvalScript(evalScript: string): string {
  return ["#!/bin/bash", "set -uxo pipefail", ...recordTestExitCode(parseEvalScript(evalScript))].join("\n") + "\n";
}

export function parseLogPytest(log: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (let line of log.split("\n")) {
    if (STATUSES.some((s) => line.startsWith(s))) {
      if (line.startsWith(TestStatus.FAILED)) line = line.replaceAll(" - ", " ");
      const testCase = pySplit(line);
      if (testCase.length <= 1) continue;
      if (testCase[0] === TestStatus.SKIPPED && /^\[\d+\]$/.test(testCase[1]!)) continue;
      map[testCase[1]!] = testCase[0]!;
    }
  }
  return map;
}

export function parseLogTap(log: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const line of log.split("\n")) {
    const m = /^(ok|not ok) (\d+) (.+)$/.exec(line.trim());
    if (m) map[m[3]!] = m[1] === "ok" ? TestStatus.PASSED : TestStatus.FAILED;
  }
  return map;
}

export const PARSERS: Record<string, (log: string) => Record<string, string>> = { parse_log_pytest: parseLogPytest, parse_log_tap: parseLogTap };

const SUITE_RAN = /Executed [1-9]\d* of \d+|TOTAL: [1-9]\d* (?:SUCCESS|FAILED)|[1-9]\d* passing|Tests:\s+[1-9]\d*|Test Suites:\s+(?:\d+ \w+, )*[1-9]\d* total|^# tests [1-9]\d*|[1-9]\d* specs?, \d+ failures?|': ok$/m;

export function getLogsEval(logParser: string, content: string): { statusMap: Record<string, string>; found: boolean } {
  const parse = PARSERS[logParser];
  if (!parse) throw new Error(`KeyError: '${logParser}' (not in PARSER_REGISTRY)`);
  if ([APPLY_PATCH_FAIL, RESET_FAILED, TESTS_ERROR, TESTS_TIMEOUT].some((c) => content.includes(c))) return { statusMap: {}, found: false };
  if (!(content.includes(START_TEST_OUTPUT) && content.includes(END_TEST_OUTPUT))) return { statusMap: {}, found: false };
  const sliced = content.split(START_TEST_OUTPUT)[1]!.split(END_TEST_OUTPUT)[0]!;
  let statusMap = parse(sliced);
  if (Object.keys(statusMap).length === 0) statusMap = parse(content);
  if (Object.keys(statusMap).length === 0 && !SUITE_RAN.test(content)) return { statusMap: {}, found: false };
  const exit = new RegExp(`${TEST_EXIT_CODE.replace(/[>]/g, "\\>")}:\\s*(-?\\d+)`).exec(content);
  const exitCode = exit ? Number(exit[1]) : null;
  if (exitCode !== null && exitCode !== 0 && Object.keys(statusMap).length > 0 && !Object.values(statusMap).some((s) => s === TestStatus.FAILED || s === TestStatus.ERROR)) {
    return { statusMap: {}, found: false };
  }
  return { statusMap, found: true };
}

const passed = (c: string, sm: Record<string, string>) => c in sm && (sm[c] === TestStatus.PASSED || sm[c] === TestStatus.XFAIL);
const failed = (c: string, sm: Record<string, string>) => !(c in sm) || sm[c] === TestStatus.FAILED || sm[c] === TestStatus.ERROR || sm[c] === TestStatus.SKIPPED;
const maintained = (c: string, sm: Record<string, string>) => passed(c, sm) || (c in sm && sm[c] === TestStatus.SKIPPED);

export type TEvalReport = { FAIL_TO_PASS: { success: string[]; failure: string[] }; PASS_TO_PASS: { success: string[]; failure: string[] } };

export function getEvalTestsReport(sm: Record<string, string>, gold: { FAIL_TO_PASS: string[]; PASS_TO_PASS: string[] }): TEvalReport {
  const report: TEvalReport = { FAIL_TO_PASS: { success: [], failure: [] }, PASS_TO_PASS: { success: [], failure: [] } };
  for (const c of gold.FAIL_TO_PASS) {
    if (passed(c, sm)) report.FAIL_TO_PASS.success.push(c);
    else if (failed(c, sm)) report.FAIL_TO_PASS.failure.push(c);
  }
  for (const c of gold.PASS_TO_PASS) {
    if (maintained(c, sm)) report.PASS_TO_PASS.success.push(c);
    else if (failed(c, sm)) report.PASS_TO_PASS.failure.push(c);
  }
  return report;
}

export function resolutionStatus(report: TEvalReport): "RESOLVED_FULL" | "RESOLVED_PARTIAL" | "RESOLVED_NO" {
  const ratio = (r: { success: string[]; failure: string[] }) => (r.success.length + r.failure.length === 0 ? 1 : r.success.length / (r.success.length + r.failure.length));
  const f2p = ratio(report.FAIL_TO_PASS);
  const p2p = ratio(report.PASS_TO_PASS);
  if (f2p === 1 && p2p === 1) return "RESOLVED_FULL";
  if (f2p < 1 && f2p > 0 && p2p === 1) return "RESOLVED_PARTIAL";
  return "RESOLVED_NO";
}

/** get_eval_report for one instance: the harness's verdict on a log. */
export function gradeLog(instance: { log_parser: string; FAIL_TO_PASS: string; PASS_TO_PASS: string }, log: string) {
  const { statusMap, found } = getLogsEval(instance.log_parser, log);
  const gold = { FAIL_TO_PASS: JSON.parse(instance.FAIL_TO_PASS) as string[], PASS_TO_PASS: JSON.parse(instance.PASS_TO_PASS) as string[] };
  const report = getEvalTestsReport(statusMap, gold);
  return { found, statusMap, report, resolved: found && resolutionStatus(report) === "RESOLVED_FULL", status: found ? resolutionStatus(report) : "RESOLVED_NO" };
}
