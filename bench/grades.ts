/**
 * Issue 19 figures.
 * 1. Preparing a base-only workspace (git init + the base tree's objects packed out of the mirror +
 *    one fixed commit + checkout, lib/runner/base-repo.ts) beside what a prepared workspace
 *    cost before (`git clone --shared` of the mirror + checkout of the base), on a generated
 *    repository of 2,000 commits (600 files; the base is commit 1,000). Goal ≤ 1.5×.
 * 2. Per-run overhead of the grading recipe: a grade run (hidden tests applied per run after the
 *    patch, protected paths restored, canaries appended and filtered out) beside a run whose
 *    prepared tree already holds the hidden tests (as every run had before), same patch, same tests.
 *    Goal ≤ 1.05×.
 * Run: npx tsx bench/grades.ts (or `npm run bench -- grades`)
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureMirror, requireCommit } from "../lib/runner/mirror";
import { createBaseRepo } from "../lib/runner/base-repo";
import { executeRun } from "../lib/runner/execute";
import { git } from "../lib/runner/host";
import { settleDiscards } from "../lib/runner/run-workspace";
import { gitOk } from "../lib/runner/testing/git-fixture";
import { createNodeFixture } from "../lib/runner/testing/node-fixture";
import type { TRunSpec } from "../lib/runner/types";
import type { BenchRow } from "./types";

const COMMITS = 2000;
const FILES = 600;
const PREPARES = 9;
const RUNS = 12;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** A repository of COMMITS commits over FILES files, through `git fast-import` (seconds, not minutes). */
async function generateRepo(dir: string): Promise<{ base: string }> {
  await gitOk(["init", "--quiet", "--initial-branch=main"], dir);
  const lines: string[] = [];
  let mark = 0;
  for (let c = 1; c <= COMMITS; c++) {
    lines.push("commit refs/heads/main", `mark :${++mark}`, `committer Bench <bench@example.org> ${1_700_000_000 + c} +0000`, `data <<EOM\ncommit ${c}\nEOM`);
    if (c > 1) lines.push(`from :${mark - 1}`);
    const touched = c === 1 ? Array.from({ length: FILES }, (_, i) => i) : [c % FILES, (c * 7) % FILES, (c * 13) % FILES];
    for (const f of touched) {
      const body = `// file ${f}, revision ${c}\n${"export const value = ".concat(String(c * 31 + f), ";\n").repeat(20)}`;
      lines.push(`M 100644 inline src/dir${f % 20}/file${f}.js`, `data ${Buffer.byteLength(body)}`, body);
    }
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn("git", ["fast-import", "--quiet"], { cwd: dir, stdio: ["pipe", "ignore", "inherit"] });
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`git fast-import exited with ${code}`))));
    child.stdin.end(lines.join("\n") + "\n");
  });
  await gitOk(["reset", "--quiet", "--hard", "main"], dir);
  await gitOk(["repack", "-adq"], dir);
  return { base: await gitOk(["rev-parse", `main~${COMMITS / 2}`], dir) };
}

async function preparation(tmp: string): Promise<BenchRow[]> {
  const source = path.join(tmp, "source");
  await import("node:fs/promises").then((fs) => fs.mkdir(source, { recursive: true }));
  const { base } = await generateRepo(source);
  const cacheDir = path.join(tmp, "cache");
  const mirror = await ensureMirror(source, { cacheDir });
  const commit = await requireCommit(mirror, base, { cacheDir });
  const baseOnly: number[] = [];
  const shared: number[] = [];
  const prepareBaseOnly = async (i: number) => {
    const a = path.join(tmp, `base-only-${i}`);
    const started = performance.now();
    await createBaseRepo(mirror.dir, commit, a);
    baseOnly.push(performance.now() - started);
    await rm(a, { recursive: true, force: true });
  };
  const prepareShared = async (i: number) => {
    const b = path.join(tmp, `shared-${i}`);
    const started = performance.now();
    const clone = await git(["clone", "--shared", "--no-checkout", "--quiet", "--", mirror.dir, b]);
    const checkout = await git(["-c", "advice.detachedHead=false", "checkout", "--quiet", "--detach", commit], { cwd: b });
    if (clone.code !== 0 || checkout.code !== 0) throw new Error(`shared clone failed: ${clone.stderr}${checkout.stderr}`);
    shared.push(performance.now() - started);
    await rm(b, { recursive: true, force: true });
  };
  await prepareShared(-1); // warm the page cache for both
  shared.length = 0;
  for (let i = 0; i < PREPARES; i++) {
    // Alternate which goes first, so neither always finds the other's reads in the cache.
    if (i % 2 === 0) await prepareBaseOnly(i).then(() => prepareShared(i));
    else await prepareShared(i).then(() => prepareBaseOnly(i));
  }
  const value = median(baseOnly);
  const baseline = median(shared);
  return [{
    name: `prepare a base-only workspace (${COMMITS}-commit repository, ${FILES} files, base = commit ${COMMITS / 2}; median of ${PREPARES})`,
    value, unit: "ms", baseline: { name: "git clone --shared + checkout (before issue 19)", value: baseline }, ratio: value / baseline,
  }];
}

async function perRun(tmp: string): Promise<BenchRow[]> {
  const fixture = await createNodeFixture();
  try {
    // The baseline's base already holds the hidden tests, so its runs do what every run did before: no per-run hidden step, no canaries.
    const files = fixture.hiddenTestPatch;
    await gitOk(["checkout", "--quiet", "--detach", fixture.baseCommit], fixture.repoDir);
    const patchFile = path.join(tmp, "hidden.diff");
    await import("node:fs/promises").then((fs) => fs.writeFile(patchFile, files));
    await gitOk(["apply", patchFile], fixture.repoDir);
    await gitOk(["add", "-A"], fixture.repoDir);
    await git(["-c", "user.name=b", "-c", "user.email=b@x", "commit", "-qm", "hidden tests in the base"], { cwd: fixture.repoDir });
    const withHidden = await gitOk(["rev-parse", "HEAD"], fixture.repoDir);
    const options = { cacheDir: path.join(tmp, "run-cache") };
    const spec = (over: Partial<TRunSpec>): TRunSpec => ({
      repoUrl: fixture.repoDir, baseCommit: fixture.baseCommit, setupCommand: null, testCommand: fixture.testCommand, resultFormat: "junit",
      hiddenTestPatch: fixture.hiddenTestPatch, patch: fixture.goldPatch, historyFile: null, probes: fixture.probes, timeoutMs: 60_000, ...over,
    });
    const grade = spec({ grading: { historyPath: ".specpath/history.md" } });
    const before = spec({ baseCommit: withHidden, hiddenTestPatch: "" });
    for (const s of [grade, before]) {
      const warm = await executeRun(s, options);
      if (warm.outcome !== "passed") throw new Error(`warm-up run ${warm.outcome}: ${warm.message}`);
    }
    const graded: number[] = [];
    const plain: number[] = [];
    const applyGrade: number[] = [];
    const applyPlain: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const g = await executeRun(grade, options);
      const p = await executeRun(before, options);
      if (g.outcome !== "passed" || p.outcome !== "passed") throw new Error(`run ${g.outcome}/${p.outcome}`);
      graded.push(g.timings.totalMs);
      plain.push(p.timings.totalMs);
      applyGrade.push(g.timings.applyMs);
      applyPlain.push(p.timings.applyMs);
      await settleDiscards();
    }
    return [
      { name: `grade run, whole run (hidden tests per run + restore + canaries; median of ${RUNS})`, value: median(graded), unit: "ms", baseline: { name: "run on a prepared tree holding the hidden tests (before issue 19)", value: median(plain) }, ratio: median(graded) / median(plain) },
      { name: "of which: sandbox start → test command (patch, restore, hidden tests, canaries)", value: median(applyGrade), unit: "ms", baseline: { name: "patch only", value: median(applyPlain) }, ratio: median(applyGrade) / median(applyPlain) },
    ];
  } finally {
    await rm(fixture.repoDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-bench-grades-"));
  try {
    return [...(await preparation(tmp)), ...(await perRun(tmp))];
  } finally {
    await settleDiscards();
    await rm(tmp, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { printRows } = await import("./types");
  printRows("grades", await run());
}
