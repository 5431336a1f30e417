// Pure: Harbor's tests/test.sh, rendered from the one grading recipe (recipe.ts). Harbor copies
// tests/ into the container only at verification (the agent never sees it), so everything the
// recipe must trust lives there: the base versions of the protected paths (tests/base/…, added by
// the exporter from the mirror — never the container's own .git, which the agent controlled), the
// hidden test patch, the probes, the canaries (tests/canaries.json) and the signature script.
import { hiddenTextsOf, planCanaries, protectedPaths, renderGradingScript, shQuote, type TCanary, type TRecipeVerifier } from "./recipe";

export interface THarborRecipeInput {
  verifier: TRecipeVerifier;
  /** The package hash: names the script and seeds the canary names (fixed per export; tests/ is hidden from the agent). */
  hash: string;
  /** The signature script's file name under tests/ and where the test command's own output goes (a name under $LOGS). */
  signatureScript?: string;
  testOutputName?: string;
}

/** The canary nonce of an export: letters and digits from the package hash. */
export const exportNonce = (hash: string) => hash.toLowerCase().replace(/[^a-z0-9]/g, "").slice(-12) || "specpath";

export function harborCanaries(input: THarborRecipeInput): TCanary[] {
  return planCanaries(input.verifier, hiddenTextsOf(input.verifier.hiddenTestPatch, () => null), exportNonce(input.hash));
}

/** tests/canaries.json: what the signature script needs to call a run tampered. */
export function harborCanaryFile(input: THarborRecipeInput): string {
  return `${JSON.stringify({ nonce: exportNonce(input.hash), canaries: harborCanaries(input).map((c) => ({ path: c.path, index: c.index })) }, null, 2)}\n`;
}

/** The protected paths whose base versions the exporter ships under tests/base/. */
export const harborBasePaths = (verifier: TRecipeVerifier) => protectedPaths(verifier).all;

export function harborTestScript(input: THarborRecipeInput): string {
  const v = input.verifier;
  const report = v.resultFormat === "tap" ? "report.tap" : "report.xml";
  const signature = input.signatureScript ?? "specpath_signature.mjs";
  const output = input.testOutputName ?? "test-output.txt";
  const recipe = renderGradingScript(
    {
      workdir: '"$APP"',
      agentPatch: null, // the agent edited $APP itself
      base: { kind: "dir", dir: '"$HERE/base"' },
      hiddenPatchFile: '"$HERE/hidden_tests.patch"',
      canaries: harborCanaries(input),
      reportPath: '"$SPECPATH_REPORT"',
      testCommand: v.testCommand,
      testOutput: `> "$LOGS/${output}" 2>&1`,
      afterTest: `node "$HERE/${signature}" "$SPECPATH_REPORT" ${v.resultFormat} "$HERE/probes.txt" "$LOGS" "$APP" "$LOGS/${output}" "$HERE/canaries.json"`,
      onFail: `echo "specpath: $1; reward 0" >&2; exit 0`,
      // Parity with the studio, which refuses such a patch as forbidden content before it runs.
      onForbidden: `echo "specpath: forbidden content: the agent changed $1 (files the verifier owns); reward 0" >&2
  printf '{\\n  "outcome": "forbidden_content",\\n  "paths": "%s",\\n  "reward": 0\\n}\\n' "$1" > "$LOGS/signature.json"
  exit 0`,
    },
    v,
  );
  return `#!/usr/bin/env bash
# SpecPath grading recipe (lib/grading/recipe.ts) for package ${input.hash}: the agent's edits in
# the workspace, every protected path restored from tests/base, the hidden tests applied to their
# base versions and written in, tamper canaries appended, the verifier's test command (no
# network), then the probe signature: reward 1 only when every probe passes and no canary says
# the run was rigged.
set -u
HERE="$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)"
APP="\${SPECPATH_APP_DIR:-/app}"
LOGS="\${SPECPATH_LOGS_DIR:-/logs/verifier}"
mkdir -p "$LOGS"
echo 0 > "$LOGS/reward.txt"
export SPECPATH_REPORT="$LOGS/${report}"
export SPECPATH_PROBES="$(cat "$HERE/probes.txt")"
${recipe}exit 0
`;
}

export { shQuote };
