// Pure: Harbor task folders, one per history, from the frozen package alone. Format:
// Harbor's task format (harborframework.com/docs/task-format, task.toml schema_version 1.3):
// task.toml, instruction.md, environment/Dockerfile, tests/test.sh (writes
// /logs/verifier/reward.txt), solution/solve.sh. The repository snapshot at the base commit
// (environment/repo.tar) and the bundled signature script are added by the exporter.
import { stringify } from "smol-toml";
import { z } from "zod";
import { renderHistory } from "../histories/render-history";
import { harborCanaryFile, harborTestScript } from "../grading/harbor-test";
import { slug } from "./swebench";
import type { TPackageFile } from "./files";
import type { TPackage } from "./types";

export const HARBOR_SCHEMA_VERSION = "1.3";
export const DEFAULT_HARBOR_IMAGE = "node:20-bookworm";

/** task.toml as Harbor's documentation describes it (the fields we write and their types). */
export const ZHarborTaskTomlSchema = z.object({
  schema_version: z.string(),
  task: z.object({ name: z.string().regex(/^[^/\s]+\/[^/\s]+$/, "must be <org>/<name>"), description: z.string().optional(), keywords: z.array(z.string()).optional() }),
  metadata: z.record(z.string(), z.unknown()).optional(),
  verifier: z.object({ timeout_sec: z.number().positive(), env: z.record(z.string(), z.string()).optional(), user: z.string().optional() }),
  agent: z.object({ timeout_sec: z.number().positive(), user: z.string().optional() }),
  solution: z.object({ env: z.record(z.string(), z.string()).optional() }).optional(),
  environment: z.object({
    build_timeout_sec: z.number().positive(),
    docker_image: z.string().optional(),
    os: z.enum(["linux", "windows"]).optional(),
    cpus: z.number().int().positive().optional(),
    memory_mb: z.number().int().positive().optional(),
    storage_mb: z.number().int().positive().optional(),
    allow_internet: z.boolean().optional(),
  }),
}).strict();

export function harborTaskName(content: TPackage, condition: string) {
  return `${slug(content.family.title)}-v${content.family.version}__${condition}`;
}

export function harborTaskFiles(content: TPackage, hash: string, condition: string): TPackageFile[] {
  const history = content.histories.find((h) => h.condition === condition);
  if (!history) throw new Error(`The package has no ${condition} history.`);
  const name = harborTaskName(content, condition);
  const v = content.verifier;
  const gold = content.patches.find((p) => p.kind === "gold")?.diff ?? "";
  const toml = {
    schema_version: HARBOR_SCHEMA_VERSION,
    task: { name: `specpath/${name}`, description: `${content.family.title} — ${condition} history`, keywords: ["specpath", condition] },
    metadata: {
      family: content.family.title, family_version: content.family.version, condition, package: hash,
      repo: content.provenance.repo, base_commit: content.provenance.baseCommit, probes: v.probes.length,
    },
    verifier: { timeout_sec: content.protocol.verifierTimeoutSec + 0.0 },
    agent: { timeout_sec: content.protocol.agentTimeoutSec + 0.0 },
    environment: { build_timeout_sec: 600.0, cpus: 1, memory_mb: 2048, storage_mb: 10240 },
  };
  const setup = v.setupCommand ? `RUN ${v.setupCommand.replace(/\n/g, " \\\n    ")}\n` : "";
  const dockerfile = `# The repository at base commit ${content.provenance.baseCommit}, from the snapshot in this folder.
FROM ${v.image ?? DEFAULT_HARBOR_IMAGE}
RUN command -v git >/dev/null && command -v node >/dev/null || (apt-get update && apt-get install -y --no-install-recommends git nodejs && rm -rf /var/lib/apt/lists/*)
WORKDIR /app
ADD repo.tar /app/
RUN git init -q && git add -A && git -c user.name=specpath -c user.email=specpath@localhost commit -qm "base ${content.provenance.baseCommit}"
${setup}`;
  // The one grading recipe (lib/grading/recipe.ts): restore, hidden tests, canaries, verifier, signature.
  const recipe = { verifier: { ...v, historyPath: content.protocol.historyPath }, hash };
  const testSh = harborTestScript(recipe);
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
    { path: `${name}/environment/Dockerfile`, content: dockerfile },
    { path: `${name}/tests/test.sh`, content: testSh },
    { path: `${name}/tests/hidden_tests.patch`, content: v.hiddenTestPatch },
    { path: `${name}/tests/canaries.json`, content: harborCanaryFile(recipe) },
    { path: `${name}/tests/probes.txt`, content: v.probes.map((p) => p.testId).join("\n") + "\n" },
    { path: `${name}/solution/solve.sh`, content: solveSh },
    { path: `${name}/solution/gold.patch`, content: gold },
  ];
}
