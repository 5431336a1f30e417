// Pure: the grading recipe as a POSIX shell script — the body of Harbor's tests/test.sh and of
// the SWE-bench `eval_script`. One recipe, two renderings (parameters, not copies):
//   1. fresh base: the agent's changes are taken as a patch against the environment's fresh
//      base (tag specpath-env, else the base commit), the workspace is reset to that base, and
//      the patch is applied again — so nothing the agent left outside its diff survives;
//   2. the hidden tests and the verifier's files are restored to the base and the hidden test
//      patch is applied (the agent's edits to them are dropped, never merged);
//   3. the verifier's test command runs with no network, writing its report to $SPECPATH_REPORT;
//   4. the signature (Harbor) or the harness's log format between its markers (SWE-bench).
// Tamper canaries (grades branch) are not here yet: `gradingScript` is the one function a merge
// of the grades recipe swaps.
import { ENV_TAG } from "./environment";

export const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** Paths a unified diff touches (both sides, without a/ b/ and /dev/null). */
export function patchPaths(diff: string): string[] {
  const paths = new Set<string>();
  for (const line of diff.split("\n")) {
    const m = /^(?:---|\+\+\+) (?:[ab]\/)?(.+?)\t?$/.exec(line);
    if (m && m[1] !== "/dev/null") paths.add(m[1]!.replace(/^"|"$/g, ""));
    const g = /^diff --git a\/(.+) b\/(.+)$/.exec(line);
    if (g) { paths.add(g[1]!); paths.add(g[2]!); }
  }
  return [...paths].sort();
}

export type TGradingParams = {
  /** The repository in the image (`/app` for Harbor, `/testbed` for SWE-bench); may be a shell expression. */
  workdir: string;
  baseCommit: string;
  /** The hidden test patch: a file beside the script, or inline (a quoted heredoc). */
  hiddenTests: { file: string } | { inline: string };
  testCommand: string;
  /** Where the report goes ($SPECPATH_REPORT). */
  reportPath: string;
  /** Extra exported variables for the test command, e.g. PYTEST_ADDOPTS. */
  env?: Record<string, string>;
  /** Lines printed before and after the test command's output (SWE-bench's markers). */
  markers?: { start: string; end: string };
  /** Where the test command's stdout and stderr go; null keeps them in the script's own output. */
  testOutput: string | null;
  /** Printed when the workspace or the hidden tests cannot be prepared (the harness's marker). */
  applyFailed: string;
  /** Shell lines after the test command; `$SPECPATH_TEST_EXIT` holds its exit status. */
  after: string[];
};

const HEREDOC = "EOF_SPECPATH_HIDDEN_TESTS";

export function gradingScript(p: TGradingParams): string {
  const hiddenFile = "file" in p.hiddenTests ? p.hiddenTests.file : "/tmp/specpath-hidden-tests.patch";
  const exports = Object.entries({ SPECPATH_REPORT: p.reportPath, ...(p.env ?? {}) }).map(([k, v]) => `export ${k}=${v}`);
  const run = p.testOutput ? `bash -c ${shellQuote(p.testCommand)} > ${p.testOutput} 2>&1` : `bash -c ${shellQuote(p.testCommand)}`;
  return [
    `cd ${p.workdir} || { echo ${shellQuote(p.applyFailed)}; exit 1; }`,
    `SPECPATH_BASE="$(git rev-parse -q --verify ${ENV_TAG}^{commit} || git rev-parse -q --verify ${p.baseCommit}^{commit})" || { echo ${shellQuote(p.applyFailed)}; exit 1; }`,
    "# 1. fresh base + the agent's patch",
    "git add -A && git diff --cached --binary \"$SPECPATH_BASE\" > /tmp/specpath-agent.patch",
    'git reset -q --hard "$SPECPATH_BASE" && git clean -fdq',
    `if [ -s /tmp/specpath-agent.patch ] && ! git apply --whitespace=nowarn /tmp/specpath-agent.patch; then echo ${shellQuote(p.applyFailed)}; exit 1; fi`,
    "# 2. hidden tests and verifier files restored, then the hidden test patch",
    ...("inline" in p.hiddenTests ? [`cat > ${hiddenFile} <<'${HEREDOC}'`, p.hiddenTests.inline.replace(/\n$/, ""), HEREDOC] : []),
    `SPECPATH_HIDDEN_PATHS="$(sed -n -e 's#^+++ b/##p' -e 's#^--- a/##p' ${hiddenFile} | sort -u)"`,
    `if [ -n "$SPECPATH_HIDDEN_PATHS" ]; then echo "$SPECPATH_HIDDEN_PATHS" | while IFS= read -r f; do git checkout -q "$SPECPATH_BASE" -- "$f" 2>/dev/null || rm -f -- "$f"; done; fi`,
    `if [ -s ${hiddenFile} ] && ! git apply --whitespace=nowarn ${hiddenFile}; then echo ${shellQuote(p.applyFailed)}; exit 1; fi`,
    "# 3. the verifier",
    ...exports,
    `rm -f "$SPECPATH_REPORT"`,
    ...(p.markers ? [`: '${p.markers.start}'`] : []),
    run,
    "SPECPATH_TEST_EXIT=$?",
    ...p.after,
    ...(p.markers ? ["(exit $SPECPATH_TEST_EXIT)", `: '${p.markers.end}'`] : []),
  ].join("\n") + "\n";
}
