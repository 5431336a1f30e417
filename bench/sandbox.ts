/**
 * Sandbox figures (issue 11): the setup step of the bench fixture — the Node
 * fixture library whose setup installs a package from the npm registry — with
 * the user-mode network (its own namespace through slirp4netns, fenced off
 * this machine) beside host networking; and what the namespace adds to one
 * sandbox start. Alternating, a fresh cache each time (no workspace reuse,
 * and npm's own cache lives in the sandbox's private /tmp, so every setup
 * downloads).
 * Run: npx tsx bench/sandbox.ts
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureMirror, requireCommit } from "../lib/runner/mirror";
import { runSandboxed } from "../lib/runner/sandbox";
import { createNodeFixture } from "../lib/runner/testing/node-fixture";
import { chooseNetwork } from "../lib/runner/user-net";
import { acquireWorkspace } from "../lib/runner/workspace";
import type { BenchRow } from "./types";

const SETUPS = 7;
const STARTS = 10;
const SETUP_COMMAND = "npm install --no-audit --no-fund --no-save --loglevel=error is-number@7.0.0 && test -f node_modules/is-number/package.json";

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return ((sorted[Math.floor(mid)] ?? 0) + (sorted[Math.ceil(mid)] ?? 0)) / 2;
};

export async function run(): Promise<BenchRow[]> {
  if (chooseNetwork(true).mode !== "namespace") {
    console.warn("\n[sandbox] setup network figures skipped: no user-mode network stack (slirp4netns) here.");
    return [];
  }
  const fixture = await createNodeFixture();
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-bench-sandbox-"));
  try {
    const setupMs = { namespace: [] as number[], host: [] as number[] };
    for (let i = 0; i < SETUPS; i++) {
      for (const mode of ["namespace", "host"] as const) {
        const cacheDir = path.join(tmp, `cache-${mode}-${i}`);
        const mirror = await ensureMirror(fixture.repoDir, { cacheDir });
        const commit = await requireCommit(mirror, fixture.baseCommit, { cacheDir });
        const started = performance.now();
        const prepared = await acquireWorkspace(
          { mirror, commit, setupCommand: SETUP_COMMAND, image: null },
          { cacheDir, setupNetwork: mode === "host" ? "host" : true, setupTimeoutMs: 180_000 },
        );
        setupMs[mode].push(performance.now() - started);
        await prepared.release();
        await rm(cacheDir, { recursive: true, force: true });
      }
    }

    const dir = path.join(tmp, "starts");
    await mkdir(path.join(dir, "ws"), { recursive: true });
    await mkdir(path.join(dir, "out"));
    const startMs = { namespace: [] as number[], none: [] as number[] };
    for (let i = 0; i < STARTS; i++) {
      for (const mode of ["namespace", "none"] as const) {
        const result = await runSandboxed({ command: "true", workspace: path.join(dir, "ws"), outputDir: path.join(dir, "out"), timeoutMs: 20_000, network: mode === "namespace" });
        startMs[mode].push(result.durationMs);
      }
    }

    const userMode = median(setupMs.namespace);
    const host = median(setupMs.host);
    const withNet = median(startMs.namespace);
    const without = median(startMs.none);
    return [
      {
        name: `setup of the bench fixture (npm install from the registry, median of ${SETUPS}), user-mode network`,
        value: userMode, unit: "ms", baseline: { name: "host networking", value: host }, ratio: userMode / host,
      },
      {
        name: `one sandbox start with the setup network namespace (slirp4netns + fence, median of ${STARTS})`,
        value: withNet, unit: "ms", baseline: { name: "no network", value: without }, ratio: withNet / without,
      },
    ];
  } finally {
    await rm(fixture.repoDir, { recursive: true, force: true });
    await rm(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { printRows } = await import("./types");
  printRows("sandbox", await run());
}
