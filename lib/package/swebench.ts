// Pure: one SWE-bench instance per history, from the frozen package alone, in the fields the
// harness itself reads (read from SWE-bench 5.0.2 `swebench/harness/utils.py:make_test_spec`,
// `grading.py`, `log_parsers/`; 4.1.0 `MAP_REPO_VERSION_TO_SPECS`):
//   - v5: `image`, `eval_script`, `log_parser`, `eval_type`, FAIL_TO_PASS / PASS_TO_PASS (JSON
//     lists, ids exactly as the named parser reports them), `repo` and `version`;
//   - v4: `repo` (owner/name: v4 clones https://github.com/<repo>), `version` (the environment's
//     version, keying swebench-specs.json's MAP_REPO_VERSION_TO_SPECS entry).
// Python families that run pytest are graded by `parse_log_pytest` on pytest's own `-rA`
// summary (node ids `path::Class::test`); every other runner prints the studio's report as TAP
// lines `ok <n> <studio id>` (bundled renderer) for `parse_log_tap`, which round-trips the ids.
import { z } from "zod";
import { renderHistory } from "../contract/render-history";
import { environmentImage, environmentOfPackage, environmentVersion, usesPytest, type TEnvironment } from "./environment";
import { renderGradingScript, shQuote } from "../grading/recipe";
import { exportNonce, harborCanaries } from "../grading/harbor-test";
import { patchPaths } from "../git/patch-paths";
import { upstreamOfReference } from "../anchoring/upstream/upstream-name";
import type { TPackage } from "./types";

const ZJsonStringListSchema = z.string().refine((s) => {
  try {
    const v = JSON.parse(s);
    return Array.isArray(v) && v.every((x) => typeof x === "string");
  } catch {
    return false;
  }
}, "must be a JSON-encoded list of test ids");

export const ZSweBenchInstanceSchema = z.object({
  // SWE-bench (dataset fields)
  instance_id: z.string().regex(/^[A-Za-z0-9._-]+__[A-Za-z0-9._-]+$/),
  repo: z.string().regex(/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/, "must be owner/name"),
  base_commit: z.string().regex(/^[0-9a-f]{7,64}$/),
  problem_statement: z.string().min(1),
  patch: z.string(),
  test_patch: z.string(),
  FAIL_TO_PASS: ZJsonStringListSchema,
  PASS_TO_PASS: ZJsonStringListSchema,
  hints_text: z.string(),
  created_at: z.string(),
  version: z.string(),
  environment_setup_commit: z.string(),
  pull_number: z.number().int().nullable(),
  // SWE-bench 5 (make_test_spec)
  image: z.string().min(1),
  eval_script: z.string().min(1),
  log_parser: z.enum(["parse_log_pytest", "parse_log_tap"]),
  eval_type: z.literal("pass_and_fail"),
  // SpecPath
  turns: z.array(z.object({ turn: z.number().int().positive(), text: z.string() })),
  condition: z.string(),
  family: z.string(),
  package: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TSweBenchInstance = z.infer<typeof ZSweBenchInstanceSchema>;

export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "family";

/** SWE-bench's markers (swebench/harness/constants). */
export const SWEBENCH = {
  start: ">>>>> Start Test Output",
  end: ">>>>> End Test Output",
  applyFailed: ">>>>> Patch Apply Failed",
  testsError: ">>>>> Tests Errored",
  workdir: "/testbed",
} as const;

/** The upstream `owner/name` a package's exports name; a package without one is refused, never given a path. */
export function upstreamOf(content: TPackage): string {
  const upstream = content.provenance.upstream ?? upstreamOfReference(content.provenance.repo);
  if (!upstream) {
    throw new Error(`The package of "${content.family.title}" records no upstream repository (owner/name), only a local path; open a new version, set its upstream on the Evidence tab and freeze it to export for a harness.`);
  }
  return upstream;
}

export type TLogFormat = { parser: "parse_log_pytest" } | { parser: "parse_log_tap"; renderer: string };

/** Which harness parser grades a family, and how the eval script feeds it. */
export function logParserOf(content: TPackage): TLogFormat["parser"] {
  return environmentOfPackage(content).language === "python" && usesPytest(content.verifier.testCommand) ? "parse_log_pytest" : "parse_log_tap";
}

/**
 * A studio pytest id as pytest's node id. The studio writes `path::Class::test` when the report
 * names the file (xunit1) and `module.Class::test` otherwise (xunit2, pytest's default); the
 * module becomes the first path among `files` it names, trying the longest prefix first.
 */
export function pytestNodeId(id: string, files: ReadonlySet<string>): string {
  const [location = "", ...rest] = id.split("::");
  if (location.endsWith(".py") || location.includes("/")) return id;
  const parts = location.split(".");
  for (let k = parts.length; k >= 1; k--) {
    const file = `${parts.slice(0, k).join("/")}.py`;
    if (files.has(file)) return [file, ...parts.slice(k), ...rest].join("::");
  }
  const k = parts.length > 1 && /^[A-Z]/.test(parts.at(-1)!) ? parts.length - 1 : parts.length;
  return [`${parts.slice(0, k).join("/")}.py`, ...parts.slice(k), ...rest].join("::");
}

/** A studio id as the harness's parser reports it. */
export function harnessTestId(content: TPackage, id: string, files: ReadonlySet<string>): string {
  return logParserOf(content) === "parse_log_pytest" ? pytestNodeId(id, files) : id.replace(/\s*\n\s*/g, " ").trim();
}

/**
 * FAIL_TO_PASS: probes the frozen calibration saw fail on the base and pass on gold; a probe
 * passing on the base is PASS_TO_PASS, and so is every guard test (a regression test of the
 * base: on the base it can fail only because the hidden tests do not collect there).
 */
export function failToPass(content: TPackage, files: ReadonlySet<string>): { failToPass: string[]; passToPass: string[] } {
  const calibration = content.construction_audit.calibration;
  const base = calibration.find((c) => c.role === "base")?.signature ?? null;
  const gold = calibration.find((c) => c.role === "gold")?.signature ?? null;
  const f2p: string[] = [];
  const p2p: string[] = [];
  content.verifier.probes.forEach((probe, i) => {
    const id = harnessTestId(content, probe.testId, files);
    const onBase = content.verifier.guardTests.includes(probe.testId) || (base !== null && base[i] === "1");
    if (gold && gold[i] !== "1") return; // not passing on gold: neither list can hold it
    (onBase ? p2p : f2p).push(id);
  });
  const probeIds = new Set(content.verifier.probes.map((p) => p.testId));
  for (const guard of content.verifier.guardTests) if (!probeIds.has(guard)) p2p.push(harnessTestId(content, guard, files));
  return { failToPass: f2p, passToPass: p2p };
}

/** The files pytest may name: the base tree (given by the exporter) and everything the patches add. */
export function knownFiles(content: TPackage, repoFiles: readonly string[] = []): Set<string> {
  return new Set([...repoFiles, ...patchPaths(content.verifier.hiddenTestPatch), ...content.patches.flatMap((p) => patchPaths(p.diff))]);
}

export const SWEBENCH_REPORT = "/tmp/specpath-report";

/** The tag the eval script restores protected paths from: the image's base (tag specpath-base), else base_commit in the harness's own clone. */
const GRADE_BASE = "specpath-grade-base";

/**
 * The eval script: the one grading recipe (lib/grading/recipe.ts, with the harness providing the
 * fresh base and the agent's patch), then the verifier's command between SWE-bench's markers,
 * printing the named parser's format. The test command's exit status is the last status before
 * the end marker, where make_test_spec's record_test_exit_code reads it.
 */
export function sweBenchEvalScript(content: TPackage, hash: string, renderers: { junit: string; tap: string }): string {
  const v = content.verifier;
  const parser = logParserOf(content);
  // The recipe's tamper canaries, as in the Harbor task (nonce from the package hash; the JSONL is not the agent's to read).
  const recipeVerifier = { testCommand: v.testCommand, resultFormat: v.resultFormat, hiddenTestPatch: v.hiddenTestPatch, historyPath: content.protocol.historyPath };
  const canaries = harborCanaries({ verifier: recipeVerifier, hash });
  const canaryFile = "/tmp/specpath-canaries.json";
  const canaryPlan = JSON.stringify({ nonce: exportNonce(hash), canaries, probes: v.probes.map((p) => p.testId) });
  const report = `${SWEBENCH_REPORT}.${v.resultFormat === "tap" ? "tap" : "xml"}`;
  const stdout = "/tmp/specpath-test-output.txt";
  const renderer = v.resultFormat === "tap" ? renderers.tap : renderers.junit;
  const fail = (marker: string) => `echo ${shQuote(marker)}; echo "specpath: $1"; exit 1`;
  const prepare = renderGradingScript(
    {
      workdir: null,
      agentPatch: null, // the harness applied the model patch to /testbed
      base: { kind: "git", commit: GRADE_BASE },
      hiddenPatchFile: null,
      canaries,
      reportPath: null,
      testCommand: null,
      afterTest: null,
      onFail: fail(SWEBENCH.applyFailed),
      onForbidden: `echo ${shQuote(SWEBENCH.testsError)}; echo "specpath: forbidden content: the patch changed $1 (files the verifier owns)"; exit 1`,
      markers: false,
    },
    recipeVerifier,
  );
  const lines = [
    "#!/bin/bash",
    "set -uxo pipefail",
    `cd "\${SPECPATH_TESTBED:-${SWEBENCH.workdir}}" || { echo ${shQuote(SWEBENCH.applyFailed)}; exit 1; }`,
    `git tag -f ${GRADE_BASE} "$(git rev-parse -q --verify specpath-base^{commit} || git rev-parse -q --verify ${content.provenance.baseCommit}^{commit})" >/dev/null || { echo ${shQuote(SWEBENCH.applyFailed)}; exit 1; }`,
    prepare.trimEnd(),
    `export SPECPATH_REPORT=${shQuote(report)}`,
    // pytest's short summary for every outcome: the lines parse_log_pytest reads.
    ...(parser === "parse_log_pytest" ? ['export PYTEST_ADDOPTS="${PYTEST_ADDOPTS:-} -rA"'] : []),
    'rm -f -- "$SPECPATH_REPORT"',
    `: '${SWEBENCH.start}'`,
    `sh -c ${shQuote(v.testCommand)}${parser === "parse_log_pytest" ? "" : ` > ${stdout} 2>&1`}`,
    "SPECPATH_TEST_EXIT=$?",
    ...(parser === "parse_log_pytest" ? [] : [`cat ${stdout}`]),
    // The report read back: TAP lines for parse_log_tap (pytest prints its own), and the canaries' verdict.
    ...(parser === "parse_log_pytest" && canaries.length === 0
      ? []
      : [
          "cat > /tmp/specpath_tap_log.mjs <<'EOF_SPECPATH_TAP_LOG'",
          renderer.replace(/\n$/, ""),
          "EOF_SPECPATH_TAP_LOG",
          `cat > ${canaryFile} <<'EOF_SPECPATH_CANARIES'`,
          canaryPlan,
          "EOF_SPECPATH_CANARIES",
          `node /tmp/specpath_tap_log.mjs "$SPECPATH_REPORT" "$PWD" ${stdout} ${canaryFile}${parser === "parse_log_pytest" ? " --verdict-only" : ""}`,
        ]),
    "(exit $SPECPATH_TEST_EXIT)",
    `: '${SWEBENCH.end}'`,
  ];
  return `${lines.join("\n")}\n`;
}

export type TSweBenchOptions = { repoFiles?: readonly string[]; renderers: { junit: string; tap: string } };

export function sweBenchInstances(content: TPackage, hash: string, options: TSweBenchOptions): TSweBenchInstance[] {
  const gold = content.patches.find((p) => p.kind === "gold")?.diff ?? "";
  const family = `${slug(content.family.title)}-v${content.family.version}`;
  const upstream = upstreamOf(content);
  const env = environmentOfPackage(content);
  const { failToPass: f2p, passToPass: p2p } = failToPass(content, knownFiles(content, options.repoFiles));
  const evalScript = sweBenchEvalScript(content, hash, options.renderers);
  return content.histories.map((h) => ({
    instance_id: `${family}__${h.condition}`,
    repo: upstream,
    base_commit: content.provenance.baseCommit,
    problem_statement: renderHistory(h.turns, content.protocol).content,
    patch: gold,
    test_patch: content.verifier.hiddenTestPatch,
    FAIL_TO_PASS: JSON.stringify(f2p),
    PASS_TO_PASS: JSON.stringify(p2p),
    hints_text: "",
    created_at: content.provenance.mergedAt ?? "",
    version: environmentVersion(env),
    environment_setup_commit: content.provenance.baseCommit,
    pull_number: content.provenance.prNumber,
    image: environmentImage(upstream, env),
    eval_script: evalScript,
    log_parser: logParserOf(content),
    eval_type: "pass_and_fail",
    turns: h.turns.map((t, i) => ({ turn: i + 1, text: t.text })),
    condition: h.condition,
    family: content.family.title,
    package: hash,
  }));
}

export function toJsonl(instances: readonly TSweBenchInstance[]): string {
  return instances.map((i) => JSON.stringify(i)).join("\n") + (instances.length ? "\n" : "");
}

/** One MAP_REPO_VERSION_TO_SPECS entry (SWE-bench 4) for a package's repository and environment. */
export function sweBenchSpec(content: TPackage): { repo: string; version: string; spec: Record<string, unknown>; parser: string; image: string; environment: TEnvironment } {
  const env = environmentOfPackage(content);
  const repo = upstreamOf(content);
  const parser = logParserOf(content);
  const spec: Record<string, unknown> = {
    ...(env.language === "python"
      ? { python: env.runtimes.python?.split(".").slice(0, 2).join(".") ?? "3", packages: env.pythonPackages.join(" "), docker_specs: { python_version: env.runtimes.python ?? "3" } }
      : { docker_specs: { node_version: env.runtimes.node ?? "20" } }),
    "apt-pkgs": env.systemPackages,
    ...(env.setupScript ? { install: env.setupScript.trimEnd().split("\n") } : {}),
    test_cmd: parser === "parse_log_pytest" ? `PYTEST_ADDOPTS="-rA" ${content.verifier.testCommand}` : content.verifier.testCommand,
    eval_commands: [`export SPECPATH_REPORT=${SWEBENCH_REPORT}.${content.verifier.resultFormat === "tap" ? "tap" : "xml"}`],
  };
  return { repo, version: environmentVersion(env), spec, parser, image: environmentImage(repo, env), environment: env };
}

export type TSweBenchSpec = ReturnType<typeof sweBenchSpec> & { title: string };

/** swebench-specs.json: every package's spec entry, parser and image, keyed as SWE-bench 4 keys them. */
export function sweBenchSpecsOf(specs: readonly TSweBenchSpec[]): string {
  const map: Record<string, Record<string, unknown>> = {};
  const parsers: Record<string, string> = {};
  const images: Record<string, string> = {};
  for (const s of specs) {
    (map[s.repo] ??= {})[s.version] = s.spec;
    parsers[s.repo] = s.parser;
    images[`${s.repo}@${s.version}`] = s.image;
  }
  return `${JSON.stringify({ MAP_REPO_VERSION_TO_SPECS: map, MAP_REPO_TO_PARSER: parsers, images, eval_type: "pass_and_fail" }, null, 2)}\n`;
}

export const specsOfPackages = (contents: readonly TPackage[]): TSweBenchSpec[] =>
  contents.map((c) => ({ title: `${c.family.title} v${c.family.version}`, ...sweBenchSpec(c) }));

/** README.md of a SWE-bench export: what the harness user builds, runs and must keep in mind. */
export function sweBenchReadmeOf(jsonlName: string, specs: readonly TSweBenchSpec[]): string {
  const rows = specs.map((s) => `| ${s.title} | \`${s.repo}\` | \`${s.version}\` | \`${s.image}\` | \`${s.parser}\` |`);
  return `# SWE-bench instances from SpecPath Studio

\`${jsonlName}\` has one instance per history (\`problem_statement\` is the history as the
agent sees it). Every instance carries the fields SWE-bench 5 reads (\`image\`, \`eval_script\`,
\`log_parser\`, \`eval_type\`, \`FAIL_TO_PASS\`, \`PASS_TO_PASS\`); \`swebench-specs.json\` has the
SWE-bench 4 entries (\`MAP_REPO_VERSION_TO_SPECS\`, \`MAP_REPO_TO_PARSER\`). \`version\` is the
environment's version: family versions on the same environment share it.

| family | repo | version | image | log_parser |
|---|---|---|---|---|
${rows.join("\n")}

## Build the images

Each image is the family's environment folder (in the Harbor export: \`harbor/<task>/environment/\`,
identical for every history of a family) built with the repository at \`/testbed\`:

    docker build --build-arg WORKDIR=/testbed -t <image> <task>/environment

The folder holds the base commit's files without history (\`repo.tar\`), then runs the setup
script. The hidden tests are not in the image: \`eval_script\` writes them after the agent's patch.

## Run (SWE-bench 5)

    python -m swebench.harness.run_evaluation --dataset_name ${jsonlName} --predictions_path gold --run_id specpath

\`gold\` must report every instance resolved; an empty patch must report none. For JavaScript
runners \`eval_script\` prints the studio's report as TAP lines (\`ok <n> <test id>\`) for
\`parse_log_tap\`, so the ids are the studio's; Python families print pytest's \`-rA\` summary for
\`parse_log_pytest\` (pytest node ids).

## Run (SWE-bench 4)

Merge \`MAP_REPO_VERSION_TO_SPECS\` into \`swebench/harness/constants\` and \`MAP_REPO_TO_PARSER\`
(the parser names) into \`swebench/harness/log_parsers\`, then run as above. SWE-bench 4 builds
its own images from the specs and clones \`https://github.com/<repo>\`.

## Base-only workspaces

The JSONL cannot enforce it: the harness (and any agent scaffold) must start from a fresh clone
at \`base_commit\` **with no later history** — no merge commit, no future tags or branches — or
an agent can read the answer from git. The images above hold no history at all. The verifier
runs without network.
`;
}
