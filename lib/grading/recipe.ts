// Pure: the one grading recipe (issue 19). Every place a patch is graded — the studio's grade
// runs (lib/runner/run-steps.ts), the Harbor task's tests/test.sh (lib/package/harbor.ts) and
// the SWE-bench JSONL's eval_script — follows the same ordered steps, from this file:
//
//   1. fresh_base         a workspace holding the base tree and nothing else of the repository
//                         (studio: lib/runner/base-repo.ts; Harbor: the snapshot; JSONL: the harness)
//   2. agent_patch        the agent's patch (studio: git apply; Harbor/JSONL: the agent already edited)
//   3. restore_protected  every protected path back to its base state, whatever the patch did
//   4. hidden_tests       the hidden test patch applied to the base versions, in a scratch folder
//                         outside the workspace's own git, then copied in
//   5. canaries           grade runs: two tests per hidden test file appended to it, one that must
//                         fail and one that must pass, in the file's own framework and assertion module
//   6. test_command       the verifier's command; its report goes to the report path (removed first)
//   7. signature          probes → bits; canary tests never enter it; a tampered run scores 0
//
// Protected paths come in three kinds. Hidden test paths are restored and the patch is graded, with
// the collision reported (an agent may well add its own test at that path). Verifier files — the
// history file, the runner script and runner configs the test command reads, .npmrc — are restored
// too, and a patch touching one is *forbidden content*, a scored failure naming the paths.
// Restored files — package.json when the command runs through npm/yarn/pnpm, whose `scripts`
// then hold the verifier's command — go back to base and the patch is graded, the change
// reported: setup has already installed from the base's manifest, and a PR may well touch it.
import { patchPaths, unsafePathReason } from "../git/patch-paths";
import { type TResultFormat } from "../contract/types";

export const RECIPE_STEPS = ["fresh_base", "agent_patch", "restore_protected", "hidden_tests", "canaries", "test_command", "signature"] as const;
export type TRecipeStep = (typeof RECIPE_STEPS)[number];

export const RUNNER_KINDS = ["node-test", "tape", "mocha", "vitest", "jest", "pytest", "unittest", "unknown"] as const;
export type TRunnerKind = (typeof RUNNER_KINDS)[number];

/** What the recipe reads of a verifier (a frozen package's, or a family's live one). */
export interface TRecipeVerifier {
  testCommand: string;
  resultFormat: TResultFormat;
  hiddenTestPatch: string;
  /** The execution protocol's history file (replay runs write it; nobody else may). */
  historyPath?: string | null;
}

/** The runner the test command drives, as far as its words say. */
export function detectRunner(testCommand: string): TRunnerKind {
  const c = testCommand;
  if (/\bpytest\b/.test(c)) return "pytest";
  if (/\bvitest\b/.test(c)) return "vitest";
  if (/\bjest\b/.test(c)) return "jest";
  if (/\bmocha\b/.test(c)) return "mocha";
  if (/\btape\b/.test(c)) return "tape";
  if (/\bnode\b[^|;&]*--test\b/.test(c)) return "node-test";
  if (/\bunittest\b/.test(c) || /\bpython[0-9.]*\b/.test(c)) return "unittest";
  return "unknown";
}

const RUNNER_CONFIGS: Record<TRunnerKind, string[]> = {
  "node-test": [],
  tape: [],
  mocha: [".mocharc.js", ".mocharc.cjs", ".mocharc.mjs", ".mocharc.json", ".mocharc.jsonc", ".mocharc.yml", ".mocharc.yaml"],
  vitest: ["vitest.config.ts", "vitest.config.js", "vitest.config.mjs", "vitest.config.cjs", "vitest.config.mts", "vitest.config.cts", "vitest.workspace.ts", "vitest.workspace.js", "vite.config.ts", "vite.config.js", "vite.config.mjs", "vite.config.cjs", "vite.config.mts"],
  jest: ["jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs", "jest.config.json"],
  pytest: ["pytest.ini"],
  unittest: [],
  unknown: [],
};

/**
 * The runner scripts the test command runs: the script after an interpreter (`python3 run_tests.py`,
 * `node scripts/test.js`) or a segment that starts with `./x.sh`. Nothing else of the command
 * (its redirections, its arguments) is taken for a file the verifier owns.
 */
export function filesNamedBy(testCommand: string): string[] {
  const found = new Set<string>();
  const isScript = (token: string) =>
    /^[A-Za-z0-9_./-]+\.(?:py|js|cjs|mjs|ts|sh)$/.test(token) && !token.includes("$") && unsafePathReason(token) === null;
  for (const segment of testCommand.split(/&&|\|\||[;|\n]/)) {
    const tokens = segment.trim().split(/\s+/).map((t) => t.replace(/^['"]|['"]$/g, "")).filter((t) => t !== "" && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(t));
    const first = tokens[0] ?? "";
    if (first.startsWith("./") && isScript(first)) found.add(first.slice(2));
    const interpreter = tokens.findIndex((t) => /^(?:.*\/)?(?:python[0-9.]*|node|sh|bash|ruby|perl)$/.test(t));
    if (interpreter < 0) continue;
    const script = tokens.slice(interpreter + 1).find((t) => !t.startsWith("-"));
    if (script && isScript(script)) found.add(script.replace(/^\.\//, ""));
  }
  return [...found];
}

export interface TProtectedPaths {
  /** Paths the hidden test patch writes: restored, then the hidden version written; a patch touching one is graded (collision reported). */
  hiddenTests: string[];
  /** Paths the verifier owns: restored; a grade patch touching one is forbidden content. */
  verifierFiles: string[];
  /** Restored to base; a patch touching one is graded, the change reported (package.json under npm). */
  restoredFiles: string[];
  /** Every protected path, in the order the script restores them. */
  all: string[];
}

export function protectedPaths(v: TRecipeVerifier): TProtectedPaths {
  const hiddenTests = patchPaths(v.hiddenTestPatch).filter((p) => unsafePathReason(p) === null);
  const runner = detectRunner(v.testCommand);
  const viaPackageManager = /(^|[\s;&|(])(npm|npx|yarn|pnpm)\s/.test(` ${v.testCommand}`);
  const verifier = new Set<string>([...RUNNER_CONFIGS[runner], ...filesNamedBy(v.testCommand), ".npmrc"]);
  if (v.historyPath && unsafePathReason(v.historyPath) === null) verifier.add(v.historyPath);
  // npm/yarn/pnpm run the verifier's command from package.json's scripts: restored then.
  const restored = new Set<string>(viaPackageManager ? ["package.json"] : []);
  for (const p of hiddenTests) {
    verifier.delete(p);
    restored.delete(p);
  }
  for (const p of verifier) restored.delete(p);
  const verifierFiles = [...verifier].sort();
  const restoredFiles = [...restored].sort();
  return { hiddenTests, verifierFiles, restoredFiles, all: [...hiddenTests, ...verifierFiles, ...restoredFiles] };
}

export interface TPatchCheck {
  /** Verifier files the patch touches (forbidden content). */
  forbidden: string[];
  /** Hidden test paths the patch touches (restored; the patch is graded, the collision reported). */
  collisions: string[];
  /** Restored files the patch touches (restored; graded, reported). */
  restored: string[];
}

/** Folders setup fills (installed dependencies): the verifier's environment, never a patch's to change. */
export const ENVIRONMENT_DIRS = ["node_modules", "site-packages", ".venv", "venv"] as const;
const inEnvironment = (path: string) => path.split("/").slice(0, -1).some((part) => (ENVIRONMENT_DIRS as readonly string[]).includes(part));

export function checkPatch(patch: string | null, paths: TProtectedPaths): TPatchCheck {
  if (!patch) return { forbidden: [], collisions: [], restored: [] };
  const touched = new Set(patchPaths(patch));
  return {
    forbidden: [...paths.verifierFiles.filter((p) => touched.has(p)), ...[...touched].filter(inEnvironment).sort()],
    collisions: paths.hiddenTests.filter((p) => touched.has(p)),
    restored: paths.restoredFiles.filter((p) => touched.has(p)),
  };
}

export const forbiddenMessage = (paths: readonly string[]) =>
  `forbidden content: the patch writes ${paths.join(", ")}, ${paths.length === 1 ? "a file" : "files"} the verifier owns (restored before the tests; the run scores 0)`;
export const collisionMessage = (paths: readonly string[]) =>
  `the patch also wrote ${paths.join(", ")}, where the hidden tests go: the hidden version was restored and the patch graded against it`;
export const restoredMessage = (paths: readonly string[]) =>
  `the patch's changes to ${paths.join(", ")} were undone before the tests (the verifier runs its command from the base's version; setup installed from it)`;

// ---------------------------------------------------------------- canaries

export interface TCanary {
  /** The hidden test file the canary tests are appended to. */
  path: string;
  index: number;
  /** Appended text (starts with a newline). */
  snippet: string;
}

/** A canary test's name carries `specpathcanary<nonce>` and `f<i>` (must fail) or `p<i>` (must pass). */
const canaryName = (nonce: string, kind: "f" | "p", index: number) => `specpathcanary${nonce}${kind}${index}`;

const JS_FILE = /\.(?:[cm]?js|jsx|[cm]?ts|tsx)$/;
const ASSERT_SPEC = /(?:from\s*|require\(\s*)["']((?:node:)?assert(?:\/strict)?)["']/;

/**
 * The canary tests for one hidden test file, in its own framework and assertion module (so a
 * stubbed `assert`, a conftest.py, a preload or a patched runner makes the must-fail one pass), or
 * null when the file is not a test file the recipe knows how to extend. `text` is what the file
 * holds once the hidden tests are in (its base version and the patch's added lines will do).
 */
export function canarySnippet(file: string, text: string, runner: TRunnerKind, nonce: string, index: number): string | null {
  const fail = canaryName(nonce, "f", index);
  const pass = canaryName(nonce, "p", index);
  if (file.endsWith(".py")) {
    if (/\bunittest\b/.test(text) || runner === "unittest") {
      const cls = `SpecpathCanary${nonce}${index}`;
      return `\n\nimport unittest as _specpath_canary_unittest${index}\n\n\nclass ${cls}(_specpath_canary_unittest${index}.TestCase):\n    def test_${fail}(self):\n        self.assertEqual(1, 2)\n\n    def test_${pass}(self):\n        self.assertEqual(1, 1)\n`;
    }
    if (runner !== "pytest") return null;
    return `\n\ndef test_${fail}():\n    assert 1 == 2\n\n\ndef test_${pass}():\n    assert 1 == 1\n`;
  }
  if (!JS_FILE.test(file)) return null;
  const esm = /\.m[jt]s$/.test(file) || (!/\.c[jt]s$/.test(file) && /^\s*(?:import|export)\s/m.test(text));
  const id = `specpathCanary${index}`;
  const assertSpec = ASSERT_SPEC.exec(text)?.[1] ?? "node:assert/strict";
  const imp = (name: string, spec: string, named?: string) =>
    esm ? `import ${named ? `{ ${named} as ${name} }` : name} from ${JSON.stringify(spec)};` : `const ${name} = require(${JSON.stringify(spec)})${named ? `.${named}` : ""};`;
  const body = (lines: string[]) => `\n// SpecPath tamper canary (hidden; never part of the signature).\n${lines.join("\n")}\n`;
  const uses = (lib: string) => new RegExp(`["']${lib}["']`).test(text);
  const kind: TRunnerKind = uses("vitest") ? "vitest" : uses("tape") ? "tape" : uses("node:test") ? "node-test" : runner;
  // The assertion library the file itself uses (chai's expect, else node:assert), so stubbing it shows.
  const assertion = uses("chai")
    ? { import: imp(`${id}Expect`, "chai", "expect"), check: (a: number, b: number) => `${id}Expect(${a}).to.equal(${b})` }
    : { import: imp(`${id}Assert`, assertSpec), check: (a: number, b: number) => `${id}Assert.equal(${a}, ${b})` };
  switch (kind) {
    case "vitest":
      return body([imp(`${id}Test`, "vitest", "test"), imp(`${id}Expect`, "vitest", "expect"), `${id}Test(${JSON.stringify(fail)}, () => { ${id}Expect(1).toBe(2); });`, `${id}Test(${JSON.stringify(pass)}, () => { ${id}Expect(1).toBe(1); });`]);
    case "jest":
      return body([`globalThis.test(${JSON.stringify(fail)}, () => { globalThis.expect(1).toBe(2); });`, `globalThis.test(${JSON.stringify(pass)}, () => { globalThis.expect(1).toBe(1); });`]);
    case "tape":
      return body([imp(`${id}Tape`, "tape"), `${id}Tape(${JSON.stringify(fail)}, (t) => { t.equal(1, 2); t.end(); });`, `${id}Tape(${JSON.stringify(pass)}, (t) => { t.equal(1, 1); t.end(); });`]);
    case "mocha":
      return body([assertion.import, `globalThis.it(${JSON.stringify(fail)}, () => { ${assertion.check(1, 2)}; });`, `globalThis.it(${JSON.stringify(pass)}, () => { ${assertion.check(1, 1)}; });`]);
    case "node-test":
      return body([imp(`${id}Test`, "node:test", "test"), assertion.import, `${id}Test(${JSON.stringify(fail)}, () => { ${assertion.check(1, 2)}; });`, `${id}Test(${JSON.stringify(pass)}, () => { ${assertion.check(1, 1)}; });`]);
    default:
      return null;
  }
}

/**
 * The canaries of a grade run: one pair per hidden test file the recipe can extend. `texts` gives
 * each hidden file's text (see canarySnippet). `nonce`: lowercase letters and digits, new per run
 * where the grader can (the studio), so a patch cannot name the canaries in advance.
 */
export function planCanaries(v: TRecipeVerifier, texts: ReadonlyMap<string, string>, nonce: string): TCanary[] {
  if (!/^[a-z0-9]{1,32}$/.test(nonce)) throw new Error("the canary nonce must be lowercase letters and digits");
  const runner = detectRunner(v.testCommand);
  const canaries: TCanary[] = [];
  for (const file of protectedPaths(v).hiddenTests) {
    const text = texts.get(file);
    if (text === undefined) continue; // deleted by the hidden patch
    const snippet = canarySnippet(file, text, runner, nonce, canaries.length);
    if (snippet) canaries.push({ path: file, index: canaries.length, snippet });
  }
  return canaries;
}

/** A hidden file's text once the hidden patch is in, well enough for canarySnippet: its base text plus the patch's added lines. */
export function hiddenTextsOf(hiddenTestPatch: string, base: (path: string) => string | null): Map<string, string> {
  const texts = new Map<string, string>();
  let current: string | null = null;
  for (const line of hiddenTestPatch.split("\n")) {
    const plus = /^\+\+\+ (?:b\/)?(.+?)\s*$/.exec(line);
    if (plus) {
      current = plus[1] === "/dev/null" ? null : plus[1]!;
      if (current !== null && !texts.has(current)) texts.set(current, base(current) ?? "");
      continue;
    }
    // Added and context lines: enough to tell the module kind, the framework and the assertion module.
    if (current !== null && (line.startsWith("+") || line.startsWith(" "))) texts.set(current, `${texts.get(current)}\n${line.slice(1)}`);
  }
  return texts;
}

export const isCanaryTest = (id: string, nonce: string) => id.includes(`specpathcanary${nonce}`);

export interface TCanaryVerdict {
  tampered: boolean;
  /** Why, for people (null when not tampered). */
  reason: string | null;
}

/**
 * Tampered: a must-fail canary ran and did not fail, a must-pass canary ran and did not pass, or
 * every probe executed but a canary of the same files did not (something filtered it out). A hidden
 * file that does not even load (the patch broke an import) leaves its probes missing: that is a
 * failure of the patch, not tampering.
 */
export function canaryVerdict(
  canaries: readonly TCanary[],
  tests: readonly { id: string; outcome: string }[],
  nonce: string,
  probesAllExecuted: boolean,
): TCanaryVerdict {
  const problems: string[] = [];
  for (const c of canaries) {
    for (const kind of ["f", "p"] as const) {
      const token = canaryName(nonce, kind, c.index);
      const runs = tests.filter((t) => t.id.includes(token));
      const label = kind === "f" ? "must-fail" : "must-pass";
      if (runs.length === 0) {
        if (probesAllExecuted) problems.push(`the ${label} canary in ${c.path} did not run although the hidden tests did`);
        continue;
      }
      const ok = kind === "f" ? runs.every((t) => t.outcome === "fail" || t.outcome === "error") : runs.every((t) => t.outcome === "pass");
      if (!ok) problems.push(`the ${label} canary in ${c.path} ${kind === "f" ? "did not fail" : "did not pass"} (${runs.map((t) => t.outcome).join(", ")})`);
    }
  }
  return problems.length === 0 ? { tampered: false, reason: null } : { tampered: true, reason: `tampered: ${problems.join("; ")}` };
}

// ---------------------------------------------------------------- the shell rendering

export interface TGradingScriptParams {
  /** sh expression of the workspace folder the script enters (e.g. `"$APP"`), or null to stay in the current one. */
  workdir: string | null;
  /** sh expression of the agent's patch file to `git apply` first, or null when the agent already edited the workspace (Harbor, SWE-bench harnesses). */
  agentPatch: string | null;
  /** Where the base versions of the protected paths come from: a folder laid out like the workspace (absent file = absent at base), or `git show <commit>:<path>` in the workspace (SWE-bench harnesses, whose checkout holds the base commit). */
  base: { kind: "dir"; dir: string } | { kind: "git"; commit: string };
  /** sh expression of the hidden test patch file, or null to inline it as a here-document. */
  hiddenPatchFile: string | null;
  /** Canaries to append (grade runs; [] for calibration runs). */
  canaries: readonly TCanary[];
  /** sh expression of the report path (removed before the test command so a written-in-advance report cannot count), or null. */
  reportPath: string | null;
  /** The test command, run with `sh -c`, or null to end after the canaries (the caller runs it, as the studio's sandbox does). */
  testCommand: string | null;
  /** Redirections after the test command (e.g. `> "$LOGS/out.txt" 2> "$LOGS/err.txt"`), or null. */
  testOutput?: string | null;
  /** Variables exported for the test command (values are sh expressions, e.g. `'"$(cat "$HERE/probes.txt")"'`). */
  env?: Record<string, string>;
  /** Lines printed just before and after the test command (a harness's log markers, e.g. SWE-bench's). */
  logMarkers?: { start: string; end: string } | null;
  /** Lines run after the test command (the signature), or null; `$SPECPATH_TEST_EXIT` holds its exit status. */
  afterTest: string | null;
  /** sh function body run when a step cannot be done; its message is "$1" (e.g. `echo "specpath: $1" >&2; exit 0`). */
  onFail: string;
  /** Marker lines printed between steps (`specpath-step <name>`) for logs; default true. */
  markers?: boolean;
  /**
   * Where the agent edited the workspace itself (agentPatch null: Harbor), the verifier files it
   * changed are found by comparing them with their base versions before the restore, and this sh
   * body runs with the paths in "$1" (it should score 0 and exit). null: no check (the studio
   * checks the patch's paths before the run).
   */
  onForbidden?: string | null;
}

export const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function hereDoc(content: string, tag: string): { open: string; body: string } {
  let delimiter = `SPECPATH_${tag}_EOF`;
  for (let n = 0; content.split("\n").includes(delimiter); n++) delimiter = `SPECPATH_${tag}_EOF_${n}`;
  return { open: `<<'${delimiter}'`, body: `${content.endsWith("\n") ? content : `${content}\n`}${delimiter}\n` };
}

/**
 * The recipe's steps 3–5 (restore, hidden tests, canaries) as POSIX sh, for the studio's steps
 * script to splice between its patch step and the test command. Needs `protected` (see
 * protectedPaths) and the hidden patch (its text, used when `hiddenPatchFile` is null).
 */
export function renderPrepareSteps(p: TGradingScriptParams, paths: TProtectedPaths, hiddenTestPatch: string): string {
  const mark = (step: TRecipeStep) => (p.markers === false ? "" : `echo "specpath-step ${step}"\n`);
  const lines: string[] = [];
  if (p.onForbidden && paths.verifierFiles.length > 0) {
    lines.push(`specpath_forbidden=""`);
    for (const path of paths.verifierFiles) {
      const q = shQuote(path);
      const same =
        p.base.kind === "dir"
          ? `{ [ -f ${p.base.dir}/${q} ] && [ -f ./${q} ] && [ ! -L ./${q} ] && specpath_same ${p.base.dir}/${q} ./${q}; } || { [ ! -f ${p.base.dir}/${q} ] && [ ! -e ./${q} ] && [ ! -L ./${q} ]; }`
          : `{ git cat-file -e ${shQuote(`${p.base.commit}:${path}`)} 2>/dev/null && [ -f ./${q} ] && [ ! -L ./${q} ] && git show ${shQuote(`${p.base.commit}:${path}`)} > "\${TMPDIR:-/tmp}/specpath-base-file" && specpath_same "\${TMPDIR:-/tmp}/specpath-base-file" ./${q}; } || { ! git cat-file -e ${shQuote(`${p.base.commit}:${path}`)} 2>/dev/null && [ ! -e ./${q} ] && [ ! -L ./${q} ]; }`;
      lines.push(`if ! { ${same}; }; then specpath_forbidden="$specpath_forbidden ${path.replace(/[^A-Za-z0-9_./-]/g, "?")}"; fi`);
    }
    lines.push(`if [ -n "$specpath_forbidden" ]; then specpath_on_forbidden "\${specpath_forbidden# }"; fi`);
    lines.unshift(`specpath_on_forbidden() {
  ${p.onForbidden}
}`);
    // cmp where the image has it (diffutils), else the texts compared in the shell (config files are text).
    lines.unshift(`specpath_same() {
  if command -v cmp >/dev/null 2>&1; then cmp -s -- "$1" "$2"; else [ "$(cat -- "$1"; echo x)" = "$(cat -- "$2"; echo x)" ]; fi
}`);
  }
  lines.push(mark("restore_protected"));
  // Removes a path and anything on the way to it that is not a real folder (a symlink could lead outside).
  lines.push(`specpath_clear() {
  specpath_at=. specpath_rest=$1
  while [ "\${specpath_rest#*/}" != "$specpath_rest" ]; do
    specpath_at=$specpath_at/\${specpath_rest%%/*} specpath_rest=\${specpath_rest#*/}
    if [ -L "$specpath_at" ] || { [ -e "$specpath_at" ] && [ ! -d "$specpath_at" ]; }; then rm -f -- "$specpath_at"; fi
  done
  rm -rf -- "./$1"
}
specpath_put() {
  mkdir -p -- "$(dirname -- "./$1")" && cp -- "$2" "./$1" || specpath_fail "cannot write $1"
}`);
  for (const path of paths.all) {
    const q = shQuote(path);
    lines.push(`specpath_clear ${q}`);
    if (p.base.kind === "dir") lines.push(`if [ -f ${p.base.dir}/${q} ]; then specpath_put ${q} ${p.base.dir}/${q}; fi`);
    else {
      const object = shQuote(`${p.base.commit}:${path}`);
      lines.push(`if git cat-file -e ${object} 2>/dev/null; then mkdir -p -- "$(dirname -- ./${q})" && git show ${object} > ./${q} || specpath_fail "cannot restore ${path}"; fi`);
    }
  }
  if (hiddenTestPatch.trim() !== "" || p.canaries.length > 0) {
    lines.push(mark("hidden_tests"));
    lines.push(`specpath_scratch=$(mktemp -d) || specpath_fail "cannot make a scratch folder"`);
    for (const path of paths.hiddenTests) {
      const q = shQuote(path);
      lines.push(`if [ -f ./${q} ]; then mkdir -p -- "$(dirname -- "$specpath_scratch"/${q})" && cp -- ./${q} "$specpath_scratch"/${q}; fi`);
    }
    if (hiddenTestPatch.trim() !== "") {
      // In a scratch folder holding only the base versions: the workspace's own .git (the agent's, in Harbor) is never consulted.
      const apply = `(cd "$specpath_scratch" && GIT_CEILING_DIRECTORIES="$(dirname -- "$specpath_scratch")" git apply --whitespace=nowarn`;
      if (p.hiddenPatchFile !== null) lines.push(`${apply} ${p.hiddenPatchFile}) || specpath_fail "the hidden tests do not apply to the base"`);
      else {
        const doc = hereDoc(hiddenTestPatch, "HIDDEN");
        lines.push(`${apply} - ${doc.open}) || specpath_fail "the hidden tests do not apply to the base"\n${doc.body.trimEnd()}`);
      }
    }
    if (p.canaries.length > 0) {
      lines.push(mark("canaries"));
      for (const c of p.canaries) {
        const doc = hereDoc(c.snippet, `CANARY${c.index}`);
        lines.push(`cat >> "$specpath_scratch"/${shQuote(c.path)} ${doc.open}\n${doc.body.trimEnd()}`);
      }
    }
    for (const path of paths.hiddenTests) {
      const q = shQuote(path);
      lines.push(`specpath_clear ${q}`);
      lines.push(`if [ -f "$specpath_scratch"/${q} ]; then specpath_put ${q} "$specpath_scratch"/${q}; fi`);
    }
    lines.push(`rm -rf -- "$specpath_scratch"`);
  }
  return lines.filter((l) => l !== "").join("\n") + "\n";
}

/**
 * The recipe's steps 3–5 where the grader has staged every protected path's final version outside
 * the workspace, in a folder laid out like it (`stagedDir`, a sh expression): the base version of a
 * verifier or restored file, a hidden test file with the hidden patch applied and the canaries
 * appended, the history file. After the patch, one `rm` takes whatever stands at the protected
 * paths (`clear`) — or, where the way to one is not a real folder (a symlink, a file), the first
 * thing in the way, so rm never reaches through a link — and one `cp` writes the staged tree. The
 * studio's runs use it (lib/runner/verifier-files.ts): two processes where renderPrepareSteps,
 * which must work from the base alone (Harbor, SWE-bench), starts about a dozen. `stagedDir` null:
 * nothing staged (every protected path is absent in the end).
 */
export function renderStagedRestore(clear: readonly string[], stagedDir: string | null): string {
  const checks: string[] = [];
  for (const path of new Set(clear)) {
    const parts = path.split("/");
    const branches: string[] = [];
    for (let i = 1; i < parts.length; i++) {
      const q = `./${shQuote(parts.slice(0, i).join("/"))}`;
      branches.push(`[ -L ${q} ] || { [ -e ${q} ] && [ ! -d ${q} ]; }; then set -- "$@" ${q}`);
    }
    const q = `./${shQuote(path)}`;
    branches.push(`[ -e ${q} ] || [ -L ${q} ]; then set -- "$@" ${q}`);
    checks.push(`  if ${branches.join("\n  elif ")}\n  fi`);
  }
  return [
    // A function: its positional parameters are its own, the list of what to remove.
    "specpath_restore() {",
    "  set --",
    ...checks,
    `  if [ $# -gt 0 ]; then rm -rf -- "$@" || specpath_fail "cannot clear the protected paths"; fi`,
    ...(stagedDir !== null ? [`  cp -R -- ${stagedDir}/. . || specpath_fail "cannot write the protected paths"`] : []),
    "}",
    "specpath_restore",
    "",
  ].join("\n");
}

/**
 * The whole recipe as one POSIX sh script (Harbor's tests/test.sh, SWE-bench's eval_script): the
 * steps above in order, each step's failure handed to `onFail`. The caller provides the fresh base.
 *
 * For a SWE-bench `eval_script` (the harness has cloned `base_commit` fresh and applied the
 * agent's patch in /testbed before it runs the script):
 *   renderGradingScript({ workdir: "/testbed", agentPatch: null, base: { kind: "git", commit: <base_commit> },
 *     hiddenPatchFile: null (inlined), canaries: planCanaries(v, hiddenTextsOf(v.hiddenTestPatch, () => null), nonce),
 *     reportPath: '"$SPECPATH_REPORT"', env: { SPECPATH_REPORT: "/tmp/report.xml" }, testCommand: v.testCommand,
 *     logMarkers: { start: ">>>>> Start Test Output", end: ">>>>> End Test Output" }, testOutput: null,
 *     afterTest: <print the report for the log parser>, onFail: 'echo "$1"; exit 1', onForbidden: … }, v)
 * Canary tests carry `specpathcanary<nonce>` in their names: a log parser must drop them from the
 * signature and score the instance 0 when canaryVerdict says tampered.
 */
export function renderGradingScript(p: TGradingScriptParams, v: TRecipeVerifier): string {
  const paths = protectedPaths(v);
  const mark = (step: TRecipeStep) => (p.markers === false ? "" : `echo "specpath-step ${step}"\n`);
  const parts: string[] = [`specpath_fail() {\n  ${p.onFail}\n}\n`];
  if (p.workdir !== null) parts.push(`cd ${p.workdir} || specpath_fail "cannot enter the workspace"\n`);
  if (p.agentPatch !== null) {
    parts.push(mark("agent_patch"));
    parts.push(`git apply --check ${p.agentPatch} && git apply ${p.agentPatch} || specpath_fail "the agent's patch does not apply"\n`);
  }
  parts.push(renderPrepareSteps(p, paths, v.hiddenTestPatch));
  if (p.testCommand !== null) {
    parts.push(mark("test_command"));
    for (const [name, value] of Object.entries(p.env ?? {})) parts.push(`export ${name}=${value}\n`);
    if (p.reportPath !== null) parts.push(`rm -f -- ${p.reportPath}\n`);
    if (p.logMarkers) parts.push(`echo ${shQuote(p.logMarkers.start)}\n`);
    parts.push(`sh -c ${shQuote(p.testCommand)}${p.testOutput ? ` ${p.testOutput}` : ""}\nSPECPATH_TEST_EXIT=$?\n`);
    if (p.logMarkers) parts.push(`echo ${shQuote(p.logMarkers.end)}\n`);
    parts.push(`echo "specpath: test command exited with $SPECPATH_TEST_EXIT"\n`);
  }
  if (p.afterTest !== null) {
    parts.push(mark("signature"));
    parts.push(`${p.afterTest}\n`);
  }
  return parts.filter(Boolean).join("");
}
