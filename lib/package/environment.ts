// Pure: a family's one environment — base image, runtime versions, system packages, the
// verifier's Python packages and the setup script (a file, newlines kept) — and everything
// derived from it: its version (a hash of the definition), the Harbor `environment/` folder and
// the SWE-bench image name. The studio's runs, the Harbor tasks and the SWE-bench instances of a
// family all read this one definition.
//
// Order, everywhere: base image → system and runtime packages → the repository at its base
// commit → the setup script. The setup script never sees the hidden tests: they are written per
// run, after the agent's patch, by the grading recipe (tests/test.sh, the JSONL `eval_script`).
import { z } from "zod";
import { canonicalJson } from "./canonical";
import { sha256Hex } from "./hash";

export const ZEnvironmentSchema = z.object({
  /** The toolchain the verifier runs: picks the default base image and the SWE-bench parser. */
  language: z.enum(["node", "python"]),
  /** The container image everything starts from (the verifier's `image`, else the language's official image). */
  baseImage: z.string().min(1),
  /** Runtime versions as the sandbox showed them when the family was frozen, e.g. { node: "20.20.2", python: "3.11.7" }. */
  runtimes: z.record(z.string(), z.string()),
  /** Debian packages installed on top of the base image. */
  systemPackages: z.array(z.string()),
  /** Packages the verifier itself needs, pinned as collection used them (e.g. "pytest==9.0.3"). */
  pythonPackages: z.array(z.string()),
  /** The verifier's setup command as a script, newlines kept; null when there is none. */
  setupScript: z.string().nullable(),
  /** Setup reaches package registries (a user-mode network in the studio); the verifier never has a network. */
  setupNetwork: z.enum(["registry", "none"]),
  verifierNetwork: z.enum(["none"]),
});
export type TEnvironment = z.infer<typeof ZEnvironmentSchema>;

/** What the sandbox runtime reports at freeze (`node --version`, the test command's Python and its pytest). */
export type TRuntimeFacts = { node: string | null; python: string | null; pytest: string | null };

/** The interpreter a test command runs (`/usr/bin/python3 -m pytest …` → `/usr/bin/python3`), else `python3`. */
export function pythonOfCommand(command: string): string {
  const m = /(?:^|[\s;&|(])((?:\/[\w.+-]+)*\/?python3?(?:\.\d+)?)(?=\s|$)/.exec(command);
  return m?.[1] ?? "python3";
}

export function languageOfCommand(testCommand: string): TEnvironment["language"] {
  return /\b(pytest|python3?(\.\d+)?)\b/.test(testCommand) ? "python" : "node";
}

export const usesPytest = (testCommand: string) => /\bpytest\b/.test(testCommand);

const majorMinor = (version: string | null | undefined) => /^v?(\d+)\.(\d+)/.exec(version ?? "")?.slice(1, 3).join(".") ?? null;
const major = (version: string | null | undefined) => /^v?(\d+)/.exec(version ?? "")?.[1] ?? null;

/** The environment of a verifier on the runtime the sandbox showed at freeze. */
export function defineEnvironment(
  verifier: { setupCommand: string | null; testCommand: string; image: string | null },
  runtime: TRuntimeFacts,
): TEnvironment {
  const language = languageOfCommand(verifier.testCommand);
  const runtimes: Record<string, string> = {};
  if (runtime.node) runtimes.node = runtime.node.replace(/^v/, "");
  if (language === "python" && runtime.python) runtimes.python = runtime.python;
  const baseImage =
    verifier.image ??
    (language === "python"
      ? `python:${majorMinor(runtime.python) ?? "3"}-slim-bookworm`
      : `node:${major(runtime.node) ?? "20"}-bookworm-slim`);
  // git for the grading recipe; Node for the bundled signature script when the image is not Node's.
  const systemPackages = language === "python" ? ["ca-certificates", "git", "nodejs"] : ["ca-certificates", "git"];
  const pythonPackages = language === "python" && usesPytest(verifier.testCommand) && runtime.pytest ? [`pytest==${runtime.pytest}`] : [];
  const setupScript = verifier.setupCommand?.trim() ? `${verifier.setupCommand.replace(/\r\n/g, "\n").replace(/\n*$/, "")}\n` : null;
  return { language, baseImage, runtimes, systemPackages, pythonPackages, setupScript, setupNetwork: setupScript ? "registry" : "none", verifierNetwork: "none" };
}

/** A package frozen before environments were recorded: its verifier on unknown runtimes. */
export function environmentOfPackage(content: {
  environment?: TEnvironment;
  verifier: { setupCommand: string | null; testCommand: string; image: string | null };
}): TEnvironment {
  return content.environment ?? defineEnvironment(content.verifier, { node: null, python: null, pytest: null });
}

/** The environment's version: 16 hex digits of the sha256 of its canonical JSON. */
export function environmentVersion(env: TEnvironment): string {
  return sha256Hex(canonicalJson(env)).slice(0, 16);
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "repo";

/** The image name SWE-bench's `image` field names: built from the environment folder (README.md says how). */
export function environmentImage(upstream: string, env: TEnvironment): string {
  return `specpath-env/${slug(upstream.replace("/", "__"))}:${environmentVersion(env)}`;
}

/** Where the setup script and the build steps live in the image. */
export const ENV_DIR = "/specpath/env";
/** The git tag of the prepared workspace: the base commit plus what setup made (the grading recipe's fresh base). */
export const ENV_TAG = "specpath-env";

/**
 * The environment folder's text files (the exporter adds `repo.tar`, the repository at its base
 * commit). Identical for every history of a family, so Harbor builds the image once.
 */
export function environmentFolderFiles(env: TEnvironment, baseCommit: string): { path: string; content: string }[] {
  const version = environmentVersion(env);
  const apt = env.systemPackages.length
    ? `RUN (apt-get update && apt-get install -y --no-install-recommends ${env.systemPackages.join(" ")} && rm -rf /var/lib/apt/lists/*) \\\n    || (command -v git >/dev/null && echo "specpath: apt-get failed; the base image already has git")\n`
    : "";
  const pip = env.pythonPackages.length ? `RUN python -m pip install --no-cache-dir ${env.pythonPackages.map((p) => `'${p}'`).join(" ")}\n` : "";
  const dockerfile = `# SpecPath environment ${version}: ${env.baseImage}, ${describeRuntimes(env)}.
# Order: base image, system and verifier packages, the repository at base commit ${baseCommit}
# (repo.tar, no history), then the setup script. Hidden tests are not in the image: the
# verifier writes them after the agent's patch. Build with --build-arg WORKDIR=/testbed for SWE-bench.
FROM ${env.baseImage}
${apt}${pip}ARG WORKDIR=/app
WORKDIR \${WORKDIR}
COPY prepare.sh repo.tar ${env.setupScript ? "setup.sh " : ""}${ENV_DIR}/
RUN sh ${ENV_DIR}/prepare.sh
`;
  const prepare = `#!/bin/sh
# Unpacks the repository at its base commit into the working directory, commits it (tag
# specpath-base), runs the setup script, and commits what setup changed (tag ${ENV_TAG}), so
# the grading recipe can always return to this fresh base. Files setup creates that git does
# not track (node_modules/, .venv/) are excluded instead of committed.
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
tar -xf "$HERE/repo.tar"
git init -q
git config user.name specpath && git config user.email specpath@localhost
git add -A && git commit -qm "base ${baseCommit}" && git tag specpath-base
if [ -f "$HERE/setup.sh" ]; then bash "$HERE/setup.sh"; fi
git ls-files --others --exclude-standard --directory >> .git/info/exclude
git add -u && git commit -q --allow-empty -m "environment ${version}" && git tag ${ENV_TAG}
`;
  return [
    { path: "Dockerfile", content: dockerfile },
    { path: "environment.json", content: `${JSON.stringify({ version, ...env }, null, 2)}\n` },
    { path: "prepare.sh", content: prepare },
    ...(env.setupScript ? [{ path: "setup.sh", content: `#!/usr/bin/env bash\nset -euo pipefail\n${env.setupScript}` }] : []),
  ];
}

export function describeRuntimes(env: TEnvironment): string {
  const parts = Object.entries(env.runtimes).map(([k, v]) => `${k} ${v}`);
  return [...parts, ...env.pythonPackages].join(", ") || "runtimes not recorded";
}
