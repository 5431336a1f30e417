/**
 * Worker-pool figures (issue 5), all measured in this one run, side by side:
 *
 * 1. Calibration wall time of a family with 6 probes, 3 negatives, 1 alternative
 *    and the 5 core histories — 3 gold + base + 4 others + 5 × 5 replay = 33 runs —
 *    on one in-process worker with 2 pollers (`startWorker({ concurrency: 2 })`,
 *    i.e. 2 runs at once), fresh cache, from `requestCalibration` until no run is
 *    queued or running; beside
 *    (a) a plain bash script doing the same 33 runs one after another, each with
 *        `git worktree add` + `npm ci` (a real tree from vendored tarballs, see
 *        fixtures/pool-family.ts) + `git apply` (hidden tests, patch) + tests, and
 *    (b) the physical floor: Σ bare test-command times (33 × in one prepared
 *        checkout) / cores.
 * 2. Per-run overhead: in detail in bench/runner.ts; here its median in the
 *    calibration, and the wall time the studio spends outside executeRun
 *    (queue polling, claiming, saving results).
 * 3. Throughput on a CPU-bound variant of the suite (~1 s of CPU per run), one
 *    worker with concurrency 1 vs 2.
 * 4. The studio's own phases around a run (bench/calibration-phases.ts), on a fresh
 *    copy of the family with no worker running: the request's steps and, per run,
 *    claim / context / save, each with the SQL statements it sends.
 *
 * Every outcome is checked (gold and alternative pass, each negative fails
 * exactly its probe, base fails, in the studio and in the script), so a broken
 * run cannot be timed. Own embedded PostgreSQL, stopped at the end.
 * Run: npx tsx bench/pool.ts
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { db, disconnectDb } from "@/lib/db";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { getGateReport } from "@/lib/families/get-gate-report";
import { protocolOf, renderHistory } from "@/lib/contract/render-history";
import { stopBoss } from "@/lib/jobs/boss";
import { requestCalibration, requestRuns } from "@/lib/runs/request-runs";
import { startWorker } from "../workers/worker-process";
import {
  addCoreHistories,
  buildPoolFamily,
  cpuBoundTestCommand,
  createPoolRepo,
  EXPECTED_SIGNATURES,
  POOL_PROBES,
  POOL_SETUP_COMMAND,
  POOL_TEST_COMMAND,
  poolPatches,
  type PoolPatches,
  type PoolRepo,
} from "./fixtures/pool-family";
import { perRunPhases, requestPhases } from "./calibration-phases";
import { launcherStats } from "@/lib/runner/launcher-pool";
import { createRunCgroup } from "@/lib/runner/cgroup";
import { defaultLimits } from "@/lib/runner/sandbox";
import { goal } from "./goal";
import { printRows, type BenchRow } from "./types";

const CALIBRATION_RUNS = 3 + 1 + 3 + 1 + 5 * 5;
/** CPU burnt before each of the 6 probe tests of the CPU-bound suite: ~1 s per run. */
const BURN_MS_PER_TEST = 170;
const THROUGHPUT_RUNS = 12;
const ACTIVE = ["queued", "running"] as const;
const CORES = os.availableParallelism();

// ── progress on stderr ─────────────────────────────────────────────────────────
let progressWidth = 0;
function progress(label: string, done: number, total: number) {
  const line = `  pool · ${label}: ${done}/${total} runs`;
  progressWidth = Math.max(progressWidth, line.length);
  process.stderr.write(`\r${line.padEnd(progressWidth)}`);
}
function progressDone() {
  if (progressWidth > 0) process.stderr.write(`\r${" ".repeat(progressWidth)}\r`);
  progressWidth = 0;
}

/** The sandbox's environment (lib/runner/sandbox.ts sandboxEnv), for the commands run outside it. */
function cleanEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", HOME: home, TMPDIR: home, LANG: "C.UTF-8", CI: "true", ...extra };
  return env as NodeJS.ProcessEnv;
}

function sh(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; onStdoutLine?: (line: string) => void }): Promise<{ code: number | null; stderr: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) options.onStdoutLine?.(line);
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr, ms: performance.now() - started }));
  });
}

/** Signature (probe order A1..A6) read from a node:test JUnit report: 1 = the probe's test ran and passed. */
function signatureOfReport(xml: string): string {
  const cases = new Map<string, boolean>();
  for (const m of xml.matchAll(/<testcase\s+name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const name = (m[1] ?? "").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
    cases.set(name, m[2] === "/>" || !/<(failure|error|skipped)/.test(m[3] ?? ""));
  }
  return Object.values(POOL_PROBES).map((probe) => (cases.get(probe) ? "1" : "0")).join("");
}

/**
 * Waits until no run matching `where` is queued or running, showing finished / total. Returns the
 * seconds from `since` (a Date.now()) to the last of those runs' results being saved: the end of the
 * calibration as the studio knows it, not as this 100 ms poll happened to see it (up to 0.1 s later,
 * 2–3 % of a prepared calibration). `observedSeconds` is when the poll saw it, for the record.
 */
async function waitForRuns(where: { familyId: string; batchId?: string }, total: number, label: string, logs: string[], since = Date.now()): Promise<{ seconds: number; observedSeconds: number }> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const active = await db().run.count({ where: { ...where, status: { in: [...ACTIVE] } } });
    progress(label, total - active, total);
    if (active === 0) {
      const observedSeconds = (Date.now() - since) / 1000;
      progressDone();
      const last = await db().run.aggregate({ where, _max: { finishedAt: true } });
      const savedAt = last._max.finishedAt?.getTime();
      return { seconds: savedAt === undefined ? observedSeconds : Math.min(observedSeconds, (savedAt - since) / 1000), observedSeconds };
    }
    if (Date.now() > deadline) {
      progressDone();
      throw new Error(`${label}: ${active} of ${total} runs still queued or running after 4 minutes\n${logs.slice(-20).join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

type CheckedRun = { id: string; kind: string; role: string; patchName: string | null; condition: string | null; status: string; signature: string };

/** Throws unless every run ended as the fixture says it must. */
function checkOutcomes(where: string, runs: CheckedRun[]): void {
  const wrong: string[] = [];
  for (const run of runs) {
    const what = `${where}: ${run.kind} ${run.patchName ?? run.role}${run.condition ? ` under ${run.condition}` : ""}`;
    if (run.role === "base") {
      if (run.status !== "failed" || run.signature === "111111") wrong.push(`${what} should fail, got ${run.status} ${run.signature}`);
      continue;
    }
    const expected = EXPECTED_SIGNATURES[run.patchName ?? ""];
    const status = expected === "111111" ? "passed" : "failed";
    if (!expected || run.status !== status || run.signature !== expected) wrong.push(`${what} should be ${status} ${expected}, got ${run.status} ${run.signature}`);
  }
  if (wrong.length > 0) throw new Error(`the bench refuses to time broken runs:\n  ${wrong.join("\n  ")}`);
}

async function loadRuns(familyId: string, batchId?: string): Promise<(CheckedRun & { message: string | null; timings: Record<string, number>; startedAt: Date | null; finishedAt: Date | null })[]> {
  const runs = await db().run.findMany({
    where: { familyId, ...(batchId ? { batchId } : {}) },
    include: { patch: { select: { name: true } }, historyRevision: { select: { history: { select: { condition: true } } } }, results: { select: { timings: true } } },
  });
  return runs.map((r) => ({
    id: r.id,
    kind: r.kind,
    role: r.patchRole ?? "",
    patchName: r.patch?.name ?? null,
    condition: r.historyRevision?.history.condition ?? null,
    status: r.status,
    signature: r.signature.join(""),
    message: r.message,
    timings: (r.results.at(-1)?.timings ?? {}) as Record<string, number>,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  }));
}

/**
 * Where the studio's time outside executeRun goes, from the runs' own claim and finish times:
 * until the first claim (the pollers' wake-up), inside each claimed run but outside executeRun
 * (loading the run's context, saving its result), and slots without a run (between a finish
 * and the next claim, and at the end, when fewer runs are left than pollers).
 */
function outsideExecuteRun(runs: Awaited<ReturnType<typeof loadRuns>>, requestedAt: number, pollers: number) {
  const claimed = runs.filter((r) => r.startedAt && r.finishedAt);
  const firstClaim = Math.min(...claimed.map((r) => r.startedAt!.getTime()));
  const busy = claimed.reduce((sum, r) => sum + (r.finishedAt!.getTime() - r.startedAt!.getTime()), 0) / 1000;
  const inRun = claimed.reduce((sum, r) => sum + (r.finishedAt!.getTime() - r.startedAt!.getTime() - (r.timings.totalMs ?? 0)), 0) / 1000;
  // The tail: once no run is left to claim, every poller but the last waits from its last finish until the last run's.
  const finishes = claimed.map((r) => r.finishedAt!.getTime()).sort((a, b) => b - a);
  const tail = finishes.slice(1, pollers).reduce((sum, t) => sum + ((finishes[0] ?? t) - t), 0) / 1000;
  return {
    firstClaimS: (firstClaim - requestedAt) / 1000,
    inRunPerPollerS: inRun / pollers,
    inRunMedianMs: [...claimed.map((r) => r.finishedAt!.getTime() - r.startedAt!.getTime() - (r.timings.totalMs ?? 0))].sort((a, b) => a - b)[Math.floor(claimed.length / 2)] ?? 0,
    // From the first claim to the last finish, the slots without a run.
    idlePerPollerS: (Math.max(...claimed.map((r) => r.finishedAt!.getTime())) - firstClaim) / 1000 - busy / pollers,
    tailS: tail / pollers,
  };
}

/**
 * A slot's path between two test commands in a calibration, per run, from the queue's own job rows
 * (pg-boss: when each job was fetched and completed, the completion sent as the slot hands its job
 * back) beside the run's claim (Run.startedAt) and executeRun's own time: job fetched → run claimed
 * (the fetch's answer, the payload check, claimRun), claimed → handed back minus executeRun
 * (claimRun's commit, loadRunContext, the result mapped), handed back → the slot's next fetch.
 * Slots are told apart by time: a fetch belongs to the slot that handed a job back last before it.
 */
async function slotPath(runs: Awaited<ReturnType<typeof loadRuns>>, requestedAt: number) {
  const jobs = await db().$queryRaw<{ runId: string; fetched: Date; completed: Date }[]>`
    SELECT data->>'runId' AS "runId", started_on AS fetched, completed_on AS completed FROM pgboss.job
    WHERE data->>'runId' = ANY(${runs.map((r) => r.id)}) AND started_on IS NOT NULL AND completed_on IS NOT NULL`;
  const byRun = new Map(jobs.map((j) => [j.runId, j]));
  const rows = runs.flatMap((r) => {
    const job = byRun.get(r.id);
    if (!job || !r.startedAt) return [];
    return [{ fetched: job.fetched.getTime(), claimed: r.startedAt.getTime(), handedBack: job.completed.getTime(), executeMs: r.timings.totalMs ?? 0 }];
  }).sort((a, b) => a.fetched - b.fetched);
  const slots = [{ free: requestedAt, n: 0 }, { free: requestedAt, n: 0 }];
  const gaps: number[] = [];
  for (const row of rows) {
    const ready = slots.filter((slot) => slot.free <= row.fetched + 2);
    const slot = (ready.length > 0 ? ready : slots).sort((a, b) => b.free - a.free)[0]!;
    if (slot.n > 0) gaps.push(Math.max(0, row.fetched - slot.free));
    slot.free = row.handedBack;
    slot.n++;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  return {
    fetchToClaimMs: median(rows.map((r) => r.claimed - r.fetched)),
    claimToHandBackMs: median(rows.map((r) => r.handedBack - r.claimed - r.executeMs)),
    handBackToFetchMs: median(gaps),
    jobs: rows.length,
  };
}

// ── (a) the plain script ─────────────────────────────────────────────────────
const SCRIPT = String.raw`
set -euo pipefail
repo="$1"; base="$2"; work="$3"
git clone --quiet "$repo" "$work/clone"
while read -r id patch history; do
  wt="$work/wt-$id"
  git -C "$work/clone" worktree add --quiet --detach "$wt" "$base"
  cd "$wt"
  sh -c "$SETUP_COMMAND" > /dev/null 2>&1
  git apply "$work/patches/hidden.diff"
  if [ "$patch" != "-" ]; then git apply "$work/patches/$patch"; fi
  if [ "$history" != "-" ]; then cp "$work/histories/$history" HISTORY.md; fi
  started=$(date +%s%N)
  SPECPATH_REPORT="$work/reports/$id.xml" sh -c "$TEST_COMMAND" > /dev/null 2>&1 || true
  ended=$(date +%s%N)
  cd "$work"
  git -C "$work/clone" worktree remove --force "$wt"
  echo "done $id $(( (ended - started) / 1000 ))"
done < "$work/runs.txt"
`;

async function runScript(tmp: string, repo: PoolRepo, patches: PoolPatches, runs: CheckedRun[], histories: Map<string, string>) {
  const work = path.join(tmp, "script");
  for (const dir of ["patches", "histories", "reports", "home"]) fs.mkdirSync(path.join(work, dir), { recursive: true });
  fs.writeFileSync(path.join(work, "patches/hidden.diff"), patches.hiddenTests);
  for (const [name, diff] of Object.entries(patches.byName)) fs.writeFileSync(path.join(work, `patches/${name}.diff`), diff);
  for (const [condition, content] of histories) fs.writeFileSync(path.join(work, `histories/${condition}.md`), content);
  fs.writeFileSync(
    path.join(work, "runs.txt"),
    runs.map((r, i) => `${i} ${r.patchName ? `${r.patchName}.diff` : "-"} ${r.condition ? `${r.condition}.md` : "-"}\n`).join(""),
  );
  let done = 0;
  const testMs: number[] = [];
  progress("plain script, one after another", 0, runs.length);
  const result = await sh("bash", ["-c", SCRIPT, "pool-script", repo.dir, repo.baseCommit, work], {
    cwd: work,
    env: cleanEnv(path.join(work, "home"), { SETUP_COMMAND: POOL_SETUP_COMMAND, TEST_COMMAND: POOL_TEST_COMMAND }),
    onStdoutLine: (line) => {
      const micros = Number(line.split(" ")[2]);
      if (Number.isFinite(micros)) testMs.push(micros / 1000);
      progress("plain script, one after another", ++done, runs.length);
    },
  });
  progressDone();
  if (result.code !== 0) throw new Error(`the plain script failed (exit ${result.code}):\n${result.stderr}`);
  const scored = runs.map((r, i) => {
    const file = path.join(work, `reports/${i}.xml`);
    const signature = fs.existsSync(file) ? signatureOfReport(fs.readFileSync(file, "utf8")) : "";
    return { ...r, signature, status: signature === "111111" ? "passed" : "failed" };
  });
  checkOutcomes("plain script", scored);
  if (testMs.length !== runs.length) throw new Error(`the plain script timed ${testMs.length} of ${runs.length} test commands`);
  return { seconds: result.ms / 1000, testMs };
}

// ── (b) the physical floor ─────────────────────────────────────────────────────
async function bareTestTimes(tmp: string, repo: PoolRepo, patches: PoolPatches, n: number): Promise<number[]> {
  const dir = path.join(tmp, "bare");
  const home = path.join(tmp, "bare-home");
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(tmp, "hidden.diff"), patches.hiddenTests);
  fs.writeFileSync(path.join(tmp, "gold.diff"), patches.byName.gold!);
  const prepare = `git clone --quiet "${repo.dir}" "${dir}" && cd "${dir}" && git -c advice.detachedHead=false checkout --quiet --detach ${repo.baseCommit} && ${POOL_SETUP_COMMAND} >/dev/null 2>&1 && git apply ../hidden.diff && git apply ../gold.diff`;
  const prepared = await sh("/bin/sh", ["-c", prepare], { cwd: tmp, env: cleanEnv(home) });
  if (prepared.code !== 0) throw new Error(`cannot prepare the bare checkout: ${prepared.stderr}`);
  const report = path.join(tmp, "bare-report.xml");
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    progress("bare test command in one prepared checkout", i, n);
    fs.rmSync(report, { force: true });
    const result = await sh("/bin/sh", ["-c", POOL_TEST_COMMAND], { cwd: dir, env: cleanEnv(home, { SPECPATH_REPORT: report }) });
    const signature = fs.existsSync(report) ? signatureOfReport(fs.readFileSync(report, "utf8")) : "";
    if (result.code !== 0 || signature !== "111111") throw new Error(`the bare gold run failed (exit ${result.code}, signature ${signature}): ${result.stderr}`);
    times.push(result.ms);
  }
  progressDone();
  return times;
}

// ── (c) the measured floor ─────────────────────────────────────────────────────
/**
 * The floor this machine really has: the same test commands as the calibration (each run's own
 * patch and history, in a tree of its own), run bare, `slots` at once as the pool runs them, timed
 * from the first start to the last end. "Σ bare / cores" assumes perfect scaling; two node processes
 * at once do not scale perfectly here, and no sandbox can beat what the bare commands do side by side.
 * The fresh-cache floor adds the one-time setup done bare once: clone, checkout and the setup command.
 * Measured next to the calibrations they bound (this machine's load changes from minute to minute).
 */
async function bareSetup(tmp: string, repo: PoolRepo) {
  const work = path.join(tmp, "floor");
  const home = path.join(work, "home");
  for (const dir of ["home", "reports"]) fs.mkdirSync(path.join(work, dir), { recursive: true });
  const env = cleanEnv(home);
  const base = path.join(work, "base");
  progress("measured floor: one-time setup, bare", 0, 1);
  const setup = await sh("/bin/sh", ["-c", `git clone --quiet "${repo.dir}" "${base}" && cd "${base}" && git -c advice.detachedHead=false checkout --quiet --detach ${repo.baseCommit} && ${POOL_SETUP_COMMAND} >/dev/null 2>&1`], { cwd: work, env });
  progressDone();
  if (setup.code !== 0) throw new Error(`measured floor: the bare setup failed: ${setup.stderr}`);
  return { work, home, base, setupSeconds: setup.ms / 1000 };
}

/** The calibration's test commands in a tree each (from the bare setup's checkout); `pass` runs them all bare, `slots` at once. */
async function floorTrees(prepared: Awaited<ReturnType<typeof bareSetup>>, patches: PoolPatches, runs: CheckedRun[], histories: Map<string, string>) {
  const { work, home, base } = prepared;
  const env = cleanEnv(home);
  // One tree per run (untimed), as the studio gives each run its own workspace.
  fs.writeFileSync(path.join(work, "hidden.diff"), patches.hiddenTests);
  const trees: string[] = [];
  for (const [i, r] of runs.entries()) {
    const tree = path.join(work, `run-${i}`);
    const steps = [`cp -a --reflink=auto "${base}" "${tree}"`, `cd "${tree}"`, `git apply "${path.join(work, "hidden.diff")}"`];
    if (r.patchName) {
      fs.writeFileSync(path.join(work, `${i}.diff`), patches.byName[r.patchName as keyof PoolPatches["byName"]]!);
      steps.push(`git apply "${path.join(work, `${i}.diff`)}"`);
    }
    if (r.condition) {
      fs.writeFileSync(path.join(work, `${i}.md`), histories.get(r.condition) ?? "");
      steps.push(`cp "${path.join(work, `${i}.md`)}" HISTORY.md`);
    }
    const made = await sh("/bin/sh", ["-c", steps.join(" && ")], { cwd: work, env });
    if (made.code !== 0) throw new Error(`measured floor: cannot prepare run ${i}: ${made.stderr}`);
    trees.push(tree);
  }
  const report = (i: number) => path.join(work, "reports", `${i}.xml`);
  const env0 = (i: number) => cleanEnv(home, { SPECPATH_REPORT: report(i) });
  /** One bare test command; `weighted`: in fresh run cgroups (joined before the clock starts), as a sandboxed run's tree. */
  const once = async (i: number, weighted: boolean): Promise<number> => {
    fs.rmSync(report(i), { force: true });
    if (!weighted) return (await sh("/bin/sh", ["-c", POOL_TEST_COMMAND], { cwd: trees[i]!, env: env0(i) })).ms;
    const cgroup = await createRunCgroup(defaultLimits(120_000));
    if (!cgroup) throw new Error("measured floor: no writable cgroup for the weighted variant");
    try {
      const child = spawn("/bin/sh", ["-c", `read go; exec /bin/sh -c "$SPECPATH_FLOOR_COMMAND"`], { cwd: trees[i]!, env: { ...env0(i), SPECPATH_FLOOR_COMMAND: POOL_TEST_COMMAND }, stdio: ["pipe", "ignore", "pipe"] });
      for (const file of cgroup.procsFiles) fs.writeFileSync(file, String(child.pid));
      const closed = new Promise<number | null>((resolve, reject) => { child.once("error", reject); child.once("close", resolve); });
      const t0 = performance.now();
      child.stdin!.end("go\n");
      const code = await closed;
      if (code !== 0 && code !== 1) throw new Error(`measured floor, weighted: exit ${code}`);
      return performance.now() - t0;
    } finally {
      await cgroup.remove();
    }
  };
  /** Every run's test command, `slots` at once, first start to last end. */
  const all = async (weighted: boolean, slots: number, label: string) => {
    const testMs: number[] = [];
    let next = 0;
    let done = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: slots }, async () => {
      for (let i = next++; i < trees.length; i = next++) {
        testMs[i] = await once(i, weighted);
        progress(label, ++done, trees.length);
      }
    }));
    const wallSeconds = (performance.now() - started) / 1000;
    progressDone();
    checkOutcomes(label, runs.map((r, i) => {
      const signature = fs.existsSync(report(i)) ? signatureOfReport(fs.readFileSync(report(i), "utf8")) : "";
      return { ...r, signature, status: signature === "111111" ? "passed" : "failed" };
    }));
    return { wallSeconds, testMs };
  };
  return { pass: (weighted: boolean, slots: number) => all(weighted, slots, `measured floor: the same test commands ${weighted ? "in run cgroups" : "bare"}, ${slots} at once`) };
}

/** What the machine gives right now: one bare 1 s CPU burn alone, then two at once (2 = perfect scaling). */
async function parallelismNow(home: string): Promise<number> {
  const burn = "const s=process.cpuUsage();let x=1;for(;;){for(let i=0;i<20000;i++)x=(x*31+i)%1000003;const u=process.cpuUsage(s);if(u.user+u.system>=1e6)break}";
  const once = () => sh(process.execPath, ["-e", burn], { cwd: home, env: cleanEnv(home) });
  const t0 = performance.now();
  await once();
  const alone = performance.now() - t0;
  const t1 = performance.now();
  await Promise.all([once(), once()]);
  return (2 * alone) / (performance.now() - t1);
}

export async function run(): Promise<BenchRow[]> {
  const loadStart = os.loadavg();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-pool-"));
  fs.chmodSync(tmp, 0o755); // the postgres user must reach its data folder
  const previousUrl = process.env.DATABASE_URL;
  let server: EmbeddedDatabase | null = null;
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  const logs: string[] = [];
  const log = (line: string) => logs.push(line);
  try {
    await stopBoss({ graceful: false, timeout: 1000 });
    await disconnectDb(); // a client of an earlier section would point at another database
    const pgDir = path.join(tmp, "pg");
    server = await startEmbeddedPostgres({ dataDir: pgDir });
    await migrate(server.url);
    process.env.DATABASE_URL = server.url; // before the first query: lib/db and pg-boss read it lazily
    const cacheDir = path.join(tmp, "cache");
    const workerOptions = { cacheDir, hidePaths: [pgDir], log };

    const repo = createPoolRepo(path.join(tmp, "textkit"));
    const patches = poolPatches(repo);
    const curator = await db().user.create({ data: { email: "bench-curator@specpath.test", name: "Bench Curator", roles: ["curator"] } });
    const suite = await db().suite.create({ data: { name: "pool bench" } });
    const family = await buildPoolFamily(db(), { suiteId: suite.id, repo, patches, title: "truncate (pool bench)", testCommand: POOL_TEST_COMMAND });
    await addCoreHistories(db(), family.id);

    // 1. Calibration on the studio: 2 runs at once, fresh cache (one mirror clone, one npm ci).
    worker = await startWorker({ concurrency: 2, ...workerOptions });
    // The fresh-cache floor's one-time part, done bare just before the calibration it bounds.
    const setupBare = await bareSetup(tmp, repo);
    const launchersBefore = launcherStats(); // the process-wide counts include earlier sections
    const requestedAt = Date.now();
    const batch = await requestCalibration(curator.id, family.id);
    const requestSeconds = (Date.now() - requestedAt) / 1000;
    if (batch.created !== CALIBRATION_RUNS) throw new Error(`calibration asked for ${batch.created} runs, expected ${CALIBRATION_RUNS}`);
    const studioSeconds = (await waitForRuns({ familyId: family.id }, CALIBRATION_RUNS, "calibration on the studio, 2 at once", logs, requestedAt)).seconds;
    const launchersAfter = launcherStats();
    const launchersCold = { created: launchersAfter.created - launchersBefore.created, taken: launchersAfter.taken - launchersBefore.taken };

    // (c) the measured floor, which the goals compare against: the same 33 test commands bare, 2 at
    // once, measured just before and just after the prepared calibration (A B | calibration | B A; B:
    // the same in run cgroups), since this machine's load moves from minute to minute.
    const histories = new Map<string, string>();
    const verifier = await db().verifier.findUniqueOrThrow({ where: { familyId: family.id } });
    for (const h of await db().history.findMany({ where: { familyId: family.id }, include: { revisions: { include: { turns: { orderBy: { index: "asc" } } } } } })) {
      histories.set(h.condition, renderHistory(h.revisions[0]?.turns ?? [], protocolOf(verifier.protocol)).content);
    }
    const floorRuns = await floorTrees(setupBare, patches, await loadRuns(family.id, batch.batchId), histories);
    // Also one at a time (S), for an ideal floor (Σ / cores) of the same moment: A B S | calibration | S B A.
    const floorPasses = { bare: [await floorRuns.pass(false, 2)], weighted: [await floorRuns.pass(true, 2)], sequential: [await floorRuns.pass(false, 1)] };

    // The same calibration again once the workspace is prepared, as it is after "Collect tests":
    // 33 new runs on the cached mirror and workspace. Run reuse must not answer them: the test
    // command gets a trailing comment, so the verifier's digest — and every run's content key —
    // is new, while the prepared workspace (keyed by commit, setup and hidden tests) stays.
    await db().verifier.update({ where: { familyId: family.id }, data: { version: { increment: 1 }, testCommand: `${POOL_TEST_COMMAND} # warm calibration` } });
    const warmStarted = Date.now();
    const warmBatch = await requestCalibration(curator.id, family.id);
    if (warmBatch.created !== CALIBRATION_RUNS) throw new Error(`the warm calibration made ${warmBatch.created} new runs, expected ${CALIBRATION_RUNS} (run reuse answered the rest)`);
    const warmWait = await waitForRuns({ familyId: family.id, batchId: warmBatch.batchId }, CALIBRATION_RUNS, "calibration again, workspace prepared", logs, warmStarted);
    const warmSeconds = warmWait.seconds;
    floorPasses.sequential.push(await floorRuns.pass(false, 1));
    floorPasses.weighted.push(await floorRuns.pass(true, 2));
    floorPasses.bare.push(await floorRuns.pass(false, 2));
    await worker.stop();
    worker = null;

    // The result saved behind the slot's next run (workers/worker-process.ts) against saved in line, as
    // before: the same prepared calibration (new content keys each time), alternating A B B A.
    const saveModes = { inLine: [] as number[], behind: [] as number[] };
    let saveRound = 0;
    for (const mode of ["inLine", "behind", "behind", "inLine"] as const) {
      await db().verifier.update({ where: { familyId: family.id }, data: { version: { increment: 1 }, testCommand: `${POOL_TEST_COMMAND} # save ${mode} ${saveRound++}` } });
      worker = await startWorker({ concurrency: 2, ...workerOptions, saveInLine: mode === "inLine" });
      const t0 = Date.now();
      const modeBatch = await requestCalibration(curator.id, family.id);
      saveModes[mode].push((await waitForRuns({ familyId: family.id, batchId: modeBatch.batchId }, CALIBRATION_RUNS, `prepared calibration, result saved ${mode === "inLine" ? "in line" : "behind"}`, logs, t0)).seconds);
      checkOutcomes(`studio, save ${mode}`, await loadRuns(family.id, modeBatch.batchId));
      await worker.stop();
      worker = null;
    }

    const runs = await loadRuns(family.id, batch.batchId);
    if (runs.length !== CALIBRATION_RUNS || runs.filter((r) => r.kind === "replay").length !== 25) {
      throw new Error(`expected ${CALIBRATION_RUNS} runs with 25 replays, got ${runs.length}`);
    }
    checkOutcomes("studio", runs);
    const warmRuns = await loadRuns(family.id, warmBatch.batchId);
    checkOutcomes("studio, workspace prepared", warmRuns);
    const report = await getGateReport(family.id);
    const gate = (stage: string, key: string) => report.stages.find((s) => s.stage === stage)?.gates.find((g) => g.key === key);
    for (const [stage, key] of [["calibration", "gold"], ["calibration", "base"], ["calibration", "negatives"], ["calibration", "alternatives"], ["calibration", "runs"], ["paths", "replay_signatures"]] as const) {
      const g = gate(stage, key);
      if (g?.status !== "pass") throw new Error(`gate ${stage}/${key} is ${g?.status ?? "missing"}: ${g?.missing ?? ""}`);
    }
    const oneTimeSetupMs = Math.max(...runs.map((r) => (r.timings.mirrorMs ?? 0) + (r.timings.prepareMs ?? 0)));
    const sumOf = (key: string) => runs.reduce((sum, r) => sum + (r.timings[key] ?? 0), 0) / 1000;
    const cached = runs.filter((r) => (r.timings.mirrorMs ?? 0) + (r.timings.prepareMs ?? 0) < oneTimeSetupMs);
    const medianOf = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const runOverheadMs = medianOf(cached.map((r) => (r.timings.totalMs ?? 0) - (r.timings.testMs ?? 0)));
    const outside = outsideExecuteRun(runs, requestedAt, 2);
    const warmPath = await slotPath(warmRuns, warmStarted);

    // (a) the same 33 runs in a plain script, one after another.
    const script = await runScript(tmp, repo, patches, runs, histories);
    const scriptSeconds = script.seconds;

    // (b) the floor: the same 33 test commands (each run's own patch and history), timed bare in
    // the plain script one after another, spread over every core.
    const floorSeconds = script.testMs.reduce((a, b) => a + b, 0) / 1000 / CORES;
    const meanWall = (xs: { wallSeconds: number }[]) => xs.reduce((a, x) => a + x.wallSeconds, 0) / xs.length;
    const measured = {
      setupSeconds: setupBare.setupSeconds,
      wallSeconds: meanWall(floorPasses.bare),
      weightedSeconds: meanWall(floorPasses.weighted),
      idealSeconds: meanWall(floorPasses.sequential) / CORES,
      testMs: runs.map((_, i) => floorPasses.bare.reduce((a, b) => a + b.testMs[i]!, 0) / floorPasses.bare.length),
    };
    const floor = measured.wallSeconds;
    const freshFloor = measured.setupSeconds + measured.wallSeconds;
    // For comparison: the gold tests alone, 33 × in one prepared checkout.
    const bareMs = await bareTestTimes(tmp, repo, patches, CALIBRATION_RUNS);

    // 3. Throughput on the CPU-bound suite (same repository and setup: the prepared workspace is reused).
    const cpuFamily = await buildPoolFamily(db(), {
      suiteId: (await db().suite.create({ data: { name: "pool bench, CPU-bound" } })).id,
      repo, patches, title: "truncate, CPU-bound (pool bench)", testCommand: cpuBoundTestCommand(BURN_MS_PER_TEST),
    });
    const gold = await db().patch.findFirstOrThrow({ where: { familyId: cpuFamily.id, kind: "gold" } });
    const throughput = async (concurrency: number) => {
      worker = await startWorker({ concurrency, ...workerOptions });
      try {
        const requests = Array.from({ length: THROUGHPUT_RUNS }, (_, i) => ({
          kind: "calibrate" as const, patchRole: "gold" as const, patchId: gold.id, historyRevisionId: null, repeat: i, requestKey: `pool-bench:cpu:c${concurrency}:${i}`,
        }));
        const t0 = performance.now();
        const { batchId } = await requestRuns(curator.id, cpuFamily.id, requests);
        await waitForRuns({ familyId: cpuFamily.id, batchId }, THROUGHPUT_RUNS, `CPU-bound suite, concurrency ${concurrency}`, logs);
        const minutes = (performance.now() - t0) / 60_000;
        const done = await loadRuns(cpuFamily.id, batchId);
        checkOutcomes(`CPU-bound, concurrency ${concurrency}`, done.map((r) => ({ ...r, patchName: "gold" })));
        const testMs = done.map((r) => r.timings.testMs ?? 0).sort((a, b) => a - b);
        return { perMinute: THROUGHPUT_RUNS / minutes, medianTestMs: testMs[Math.floor(testMs.length / 2)] ?? 0 };
      } finally {
        await worker.stop();
        worker = null;
      }
    };
    const parallelism = await parallelismNow(path.join(tmp, "bare-home"));
    const one = await throughput(1);
    const two = await throughput(2);

    // 4. The phases, last: the runs it claims and saves by hand leave their jobs behind (no-ops once run).
    const phaseFamily = await buildPoolFamily(db(), {
      suiteId: (await db().suite.create({ data: { name: "pool bench, phases" } })).id,
      repo, patches, title: "truncate, phases (pool bench)", testCommand: POOL_TEST_COMMAND,
    });
    await addCoreHistories(db(), phaseFamily.id);
    const request = await requestPhases(curator.id, phaseFamily.id);
    const phaseRuns = await db().run.findMany({ where: { familyId: phaseFamily.id }, select: { id: true } });
    const perRun = await perRunPhases(phaseRuns.map((r) => r.id));
    const loadEnd = os.loadavg();

    const sortedBare = [...bareMs].sort((a, b) => a - b);
    // What stands between each calibration and its floor, in units of the floor.
    const warmSum = (pick: (t: Record<string, number>) => number) => warmRuns.reduce((sum, r) => sum + pick(r.timings), 0) / 1000 / 2;
    const warmTest = warmSum((t) => t.testMs ?? 0);
    const warmOverhead = warmSum((t) => (t.totalMs ?? 0) - (t.testMs ?? 0));
    const warmInTheWay = `in the way, × measured floor: the test commands in the sandbox ${(warmTest / floor).toFixed(2)}, the runs' overhead outside them ${(warmOverhead / floor).toFixed(2)}, the studio outside executeRun ${((warmSeconds - warmTest - warmOverhead) / floor).toFixed(2)}`;
    const coldInTheWay = `in the way, × measured floor: the one-time mirror clone + workspace (npm ci) ${(oneTimeSetupMs / 1000 / freshFloor).toFixed(2)} (bare: ${(measured.setupSeconds / freshFloor).toFixed(2)}), the rest ${((studioSeconds - oneTimeSetupMs / 1000) / freshFloor).toFixed(2)} (bare: ${(measured.wallSeconds / freshFloor).toFixed(2)})`;
    return [
      { name: `machine load (1-min load average, ${CORES} cores) when the section started; at its end ${loadEnd[0]!.toFixed(2)}`, value: loadStart[0]!, unit: "" },
      {
        name: `measured floor: the same ${CALIBRATION_RUNS} test commands (each run's patch and history, a tree each) run bare, 2 at once as the pool runs them, first start to last end — the floor the goals compare against`,
        value: floor,
        unit: "s",
        baseline: { name: `ideal floor: Σ the same ${CALIBRATION_RUNS} test commands run bare one after another (the plain script's, measured minutes later) / ${CORES} cores`, value: floorSeconds },
        ratio: floor / floorSeconds,
      },
      {
        name: `  the measured floor against the ideal floor of the same moment: the same commands one at a time (A B S before the prepared calibration, S B A after it), Σ / ${CORES} cores: what ${CORES} at once lose to imperfect scaling`,
        value: floor,
        unit: "s",
        baseline: { name: "ideal floor, same moment", value: measured.idealSeconds },
        ratio: floor / measured.idealSeconds,
      },
      {
        name: "  the same test commands bare but each in fresh run cgroups (one process's CPU weight beside the machine's other processes, the CPU quota), 2 at once: what the CPU-weight guarantee costs on this machine now (means of 2)",
        value: measured.weightedSeconds,
        unit: "s",
        baseline: { name: "measured floor", value: floor },
        ratio: measured.weightedSeconds / floor,
      },
      {
        name: `  fresh-cache measured floor: + the one-time setup done bare once (git clone, checkout, ${POOL_SETUP_COMMAND})`,
        value: freshFloor,
        unit: "s",
        baseline: { name: "the bare setup alone", value: measured.setupSeconds },
      },
      {
        name: `calibration, ${CALIBRATION_RUNS} runs (3 gold, base, 3 negatives, 1 alternative, 5 × 5 replay), studio: 1 in-process worker × 2 pollers, fresh cache, / fresh-cache measured floor ${goal(studioSeconds / freshFloor, 1.3, "×")} (/ ideal floor + bare setup: ${(studioSeconds / (floorSeconds + measured.setupSeconds)).toFixed(2)}×); ${coldInTheWay}`,
        value: studioSeconds,
        unit: "s",
        baseline: { name: "fresh-cache measured floor", value: freshFloor },
        ratio: studioSeconds / freshFloor,
      },
      {
        name: `  the same calibration again with the workspace already prepared (as after Collect tests; 33 new runs, no run reuse), / measured floor ${goal(warmSeconds / floor, 1.1, "×")} (/ the plain script's ideal floor: ${(warmSeconds / floorSeconds).toFixed(2)}×; / the ideal floor of the same moment: ${(warmSeconds / measured.idealSeconds).toFixed(2)}×); ${warmInTheWay}`,
        value: warmSeconds,
        unit: "s",
        baseline: { name: "measured floor", value: floor },
        ratio: warmSeconds / floor,
      },
      {
        name: `    a slot's path between two test commands of it, per run (medians of ${warmPath.jobs}, from the queue's job rows): job fetched → run claimed (the fetch's answer, payload check, claimRun) ${warmPath.fetchToClaimMs.toFixed(1)} ms, claimed → handed back minus executeRun (claim's commit, loadRunContext, result mapped) ${warmPath.claimToHandBackMs.toFixed(1)} ms, handed back → the slot's next fetch ${warmPath.handBackToFetchMs.toFixed(1)} ms; Σ over the runs / 2 slots`,
        value: ((warmPath.fetchToClaimMs + warmPath.claimToHandBackMs + warmPath.handBackToFetchMs) * CALIBRATION_RUNS) / 2 / 1000,
        unit: "s",
        baseline: { name: "the studio outside executeRun", value: warmSeconds - warmTest - warmOverhead },
        ratio: (((warmPath.fetchToClaimMs + warmPath.claimToHandBackMs + warmPath.handBackToFetchMs) * CALIBRATION_RUNS) / 2 / 1000) / Math.max(warmSeconds - warmTest - warmOverhead, 0.001),
      },
      {
        name: "    not counted in it: how much later the bench's 100 ms poll saw the prepared calibration end than its last result was saved (the figures end at the save)",
        value: (warmWait.observedSeconds - warmWait.seconds) * 1000,
        unit: "ms",
      },
      {
        name: "    the same, result saved behind the slot's next run (now) against saved in line before the next claim (as before), mean of 2 each, A B B A",
        value: (saveModes.behind[0]! + saveModes.behind[1]!) / 2,
        unit: "s",
        baseline: { name: "saved in line", value: (saveModes.inLine[0]! + saveModes.inLine[1]!) / 2 },
        ratio: (saveModes.behind[0]! + saveModes.behind[1]!) / (saveModes.inLine[0]! + saveModes.inLine[1]!),
      },
      {
        name: `  plain bash script, the same ${CALIBRATION_RUNS} runs one after another: git worktree add + npm ci + git apply ×2 + tests (goal ≥ 3× studio)`,
        value: scriptSeconds,
        unit: "s",
        baseline: { name: "studio", value: studioSeconds },
        ratio: scriptSeconds / studioSeconds,
      },
      { name: "  of which in the studio: one-time mirror clone + prepared workspace (checkout, hidden tests, npm ci)", value: oneTimeSetupMs / 1000, unit: "s" },
      { name: "  studio, for comparison: Σ executeRun wall time of the 33 runs / 2 pollers", value: sumOf("totalMs") / 2, unit: "s" },
      {
        name: "  studio: time outside executeRun (queue polling, claim, save) = calibration − Σ executeRun / 2 pollers",
        value: studioSeconds - sumOf("totalMs") / 2,
        unit: "s",
      },
      { name: "    of which until the first run was claimed (the request, then the pollers waking up: a NOTIFY from the enqueue wakes them; pg-boss polling every 0.5 s is the fallback)", value: outside.firstClaimS, unit: "s" },
      { name: "      of which the request itself (requestCalibration: the matrix, 33 run rows and their audit events, the queue's jobs)", value: requestSeconds, unit: "s" },
      { name: "    of which inside a claimed run, outside executeRun (claim, run context, result saved), Σ / 2 pollers", value: outside.inRunPerPollerS, unit: "s" },
      { name: "      the same per run, median", value: outside.inRunMedianMs, unit: "ms" },
      { name: "    of which a poller without a run after the first claim (between a finish and the next claim, and the tail), per poller", value: outside.idlePerPollerS, unit: "s" },
      { name: "      of which the tail: fewer runs left than pollers (the last run's poller alone), per poller", value: outside.tailS, unit: "s" },
      {
        name: `  studio: per-run overhead (executeRun wall − test command), median of the ${cached.length} runs on the prepared workspace`,
        value: runOverheadMs,
        unit: "ms",
      },
      // Where a run's overhead goes in the calibration (2 runs at once), from the runs' own timings (lib/runner/README "timings").
      ...([
        ["mirror lookup + workspace lease", (t: Record<string, number>) => (t.mirrorMs ?? 0) + (t.prepareMs ?? 0)],
        ["the run's workspace (overlay directories, or the copy)", (t: Record<string, number>) => t.copyMs ?? 0],
        ["sandbox start + overlay mount + git apply + restore, until the test command starts", (t: Record<string, number>) => t.applyMs ?? 0],
        ["report parsing", (t: Record<string, number>) => t.parseMs ?? 0],
        ["the rest (verifier staging, disk-watch baseline, teardown, run directory)", (t: Record<string, number>) => (t.totalMs ?? 0) - (t.testMs ?? 0) - (t.mirrorMs ?? 0) - (t.prepareMs ?? 0) - (t.copyMs ?? 0) - (t.applyMs ?? 0) - (t.parseMs ?? 0)],
      ] as const).map(([what, pick]) => ({ name: `    of which ${what} (median)`, value: medianOf(cached.map((r) => pick(r.timings))), unit: "ms" })),
      { name: `    sandbox starts of the fresh-cache calibration from a pre-joined launcher (lib/runner/launcher-pool.ts; the others joined their cgroups on the way: setup, or no launcher ready), of ${launchersCold.created} made meanwhile`, value: launchersCold.taken, unit: "" },
      {
        name: "  studio, for comparison: Σ test command inside the sandbox / 2 pollers (the prepared calibration)",
        value: warmTest,
        unit: "s",
        baseline: { name: "the same Σ of the measured floor's bare commands, 2 at once / 2", value: measured.testMs.reduce((a, b) => a + b, 0) / 1000 / 2 },
        ratio: warmTest / (measured.testMs.reduce((a, b) => a + b, 0) / 1000 / 2),
      },
      { name: "  bare test command (node --test, JUnit), gold, one prepared checkout, median", value: sortedBare[Math.floor(sortedBare.length / 2)] ?? 0, unit: "ms" },
      {
        name: `  floor from the gold tests alone (Σ ${CALIBRATION_RUNS} × gold bare / ${CORES} cores), for comparison`,
        value: bareMs.reduce((a, b) => a + b, 0) / 1000 / CORES,
        unit: "s",
        baseline: { name: "floor of the same 33 runs", value: floorSeconds },
        ratio: bareMs.reduce((a, b) => a + b, 0) / 1000 / CORES / floorSeconds,
      },
      { name: `studio's own phases, no worker running (statements counted at the pg client): requestCalibration, ${request.reduce((n, p) => n + p.statements, 0)} statements`, value: request.reduce((n, p) => n + p.ms, 0), unit: "ms" },
      ...request.map((p) => ({ name: `    ${p.name}: ${p.statements} statements`, value: p.ms, unit: "ms" })),
      { name: `  per run outside executeRun (median of ${phaseRuns.length}), ${perRun.reduce((n, p) => n + p.statements, 0)} statements`, value: perRun.reduce((n, p) => n + p.ms, 0), unit: "ms" },
      ...perRun.map((p) => ({ name: `    ${p.name}: ${p.statements} statements`, value: p.ms, unit: "ms" })),
      {
        name: `throughput, CPU-bound suite (~${((BURN_MS_PER_TEST * 6) / 1000).toFixed(1)} s CPU per run, ${THROUGHPUT_RUNS} gold runs), concurrency 2`,
        value: two.perMinute,
        unit: "runs/min",
        baseline: { name: "concurrency 1", value: one.perMinute },
        ratio: two.perMinute / one.perMinute,
      },
      {
        name: "  machine check just before: two bare 1 s CPU burns at once, speed-up over one (2 = both cores free)",
        value: parallelism,
        unit: "×",
      },
      {
        name: "  test command in the sandbox, median, concurrency 2",
        value: two.medianTestMs,
        unit: "ms",
        baseline: { name: "concurrency 1", value: one.medianTestMs },
        ratio: two.medianTestMs / one.medianTestMs,
      },
    ];
  } finally {
    progressDone();
    const stopping = worker as Awaited<ReturnType<typeof startWorker>> | null;
    if (stopping) await stopping.stop().catch(() => undefined);
    await stopBoss({ graceful: false, timeout: 1000 }).catch(() => undefined);
    await disconnectDb().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (rows) => printRows("pool", rows),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
