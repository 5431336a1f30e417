// Pure: Harbor task folders, one per history, from the frozen package alone, as Harbor 0.20
// reads them (task config: harbor/models/task/config.py; verifier: harbor/verifier/verifier.py —
// it uploads tests/ only at verification, runs tests/test.sh with its stdout redirected into
// /logs/verifier/test-stdout.txt, and reads reward.json, else reward.txt):
//   task.toml (schema 1.4; [verifier] network_mode = "no-network", as calibration ran),
//   instruction.md, environment/ (the family's one environment: identical bytes in every task
//   of the family, so Harbor builds it once; the exporter adds repo.tar), tests/test.sh (the
//   grading recipe, lib/grading/harbor-test.ts; the test command's output goes to
//   /logs/verifier/verifier-output.txt, its own file; tests/base/ holds the protected paths' base
//   versions, added by the exporter), solution/solve.sh.
import { stringify } from "smol-toml";
import { z } from "zod";
import { renderHistory } from "../contract/render-history";
import { environmentFolderFiles, environmentOfPackage, environmentVersion } from "./environment";
import { harborCanaryFile, harborTestScript } from "../grading/harbor-test";
import { slug, upstreamOf } from "./swebench";
import type { TPackageFile } from "./files";
import type { TPackage } from "./types";

/** The task.toml schema version Harbor 0.20 writes. */
export const HARBOR_SCHEMA_VERSION = "1.4";
/** The test command's own output file (test-stdout.txt is Harbor's: it redirects test.sh into it). */
export const VERIFIER_OUTPUT = "verifier-output.txt";

/** task.toml as Harbor's TaskConfig reads it (the fields we write and their types). */
export const ZHarborTaskTomlSchema = z.object({
  schema_version: z.string(),
  task: z.object({ name: z.string().regex(/^[^/\s]+\/[^/\s]+$/, "must be <org>/<name>"), description: z.string().optional(), keywords: z.array(z.string()).optional() }),
  metadata: z.record(z.string(), z.unknown()).optional(),
  verifier: z.object({
    timeout_sec: z.number().positive(),
    env: z.record(z.string(), z.string()).optional(),
    user: z.string().optional(),
    network_mode: z.enum(["public", "no-network", "allowlist"]).optional(),
  }).strict(),
  agent: z.object({ timeout_sec: z.number().positive(), user: z.string().optional() }).strict(),
  solution: z.object({ env: z.record(z.string(), z.string()).optional() }).optional(),
  environment: z.object({
    build_timeout_sec: z.number().positive(),
    docker_image: z.string().optional(),
    os: z.enum(["linux", "windows"]).optional(),
    cpus: z.number().int().positive().optional(),
    memory_mb: z.number().int().positive().optional(),
    storage_mb: z.number().int().positive().optional(),
  }).strict(),
}).strict();

export function harborTaskName(content: TPackage, condition: string) {
  return `${slug(content.family.title)}-v${content.family.version}__${condition}`;
}

/** The family's environment folder (text files; the exporter adds repo.tar), the same for every history. */
export function harborEnvironmentFiles(content: TPackage): TPackageFile[] {
  return environmentFolderFiles(environmentOfPackage(content), content.provenance.baseCommit);
}

export function harborTaskFiles(content: TPackage, hash: string, condition: string): TPackageFile[] {
  const history = content.histories.find((h) => h.condition === condition);
  if (!history) throw new Error(`The package has no ${condition} history.`);
  const name = harborTaskName(content, condition);
  const v = content.verifier;
  const gold = content.patches.find((p) => p.kind === "gold")?.diff ?? "";
  const env = environmentOfPackage(content);
  // The one grading recipe (lib/grading/recipe.ts): restore, hidden tests, canaries, verifier, signature.
  const recipe = { verifier: { ...v, historyPath: content.protocol.historyPath }, hash };
  const toml = {
    schema_version: HARBOR_SCHEMA_VERSION,
    task: { name: `specpath/${name}`, description: `${content.family.title} — ${condition} history`, keywords: ["specpath", condition] },
    metadata: {
      family: content.family.title, family_version: content.family.version, condition, package: hash,
      repo: upstreamOf(content), base_commit: content.provenance.baseCommit,
      ...(content.provenance.prNumber !== null ? { pr_number: content.provenance.prNumber } : {}),
      environment: environmentVersion(env), probes: v.probes.length,
    },
    verifier: { timeout_sec: content.protocol.verifierTimeoutSec + 0.0, network_mode: "no-network" as const },
    agent: { timeout_sec: content.protocol.agentTimeoutSec + 0.0 },
    environment: { build_timeout_sec: 1200.0, cpus: 1, memory_mb: 2048, storage_mb: 10240 },
  };
  const solveSh = `#!/usr/bin/env bash
# Oracle: applies the gold patch of package ${hash}.
set -eu
HERE="$(cd "$(dirname "\${BASH_SOURCE[0]}")" && pwd)"
cd "\${SPECPATH_APP_DIR:-/app}"
git apply --whitespace=nowarn "$HERE/gold.patch"
`;
  return [
    { path: `${name}/task.toml`, content: stringify(toml) },
    { path: `${name}/instruction.md`, content: renderHistory(history.turns, content.protocol).content },
    { path: `${name}/tests/test.sh`, content: harborTestScript({ ...recipe, testOutputName: VERIFIER_OUTPUT }) },
    { path: `${name}/tests/hidden_tests.patch`, content: v.hiddenTestPatch },
    { path: `${name}/tests/canaries.json`, content: harborCanaryFile(recipe) },
    { path: `${name}/tests/probes.txt`, content: v.probes.map((p) => p.testId).join("\n") + "\n" },
    { path: `${name}/solution/solve.sh`, content: solveSh },
    { path: `${name}/solution/gold.patch`, content: gold },
  ];
}
