/**
 * Package figures (issue 14), measured in this one run, side by side:
 *
 * 1. Suite export (native packages, Harbor task folders, SWE-bench JSONL + specs, one archive)
 *    of 10 and of 50 generated frozen families (each 20 atoms, 7 histories × 20 turns, 200 runs,
 *    on its own real repository of 60 files): wall time and peak memory of the exporting process
 *    (its max RSS, sampled peak heap, and the heap still reachable after each family), each in a
 *    fresh process with warm mirrors, timed around the export alone. Memory must stay flat: the
 *    50/10 ratios are printed (≈1 is flat).
 * 1b. The 10-family export with one environment folder per environment (hard links, stored
 *    once) beside the old layout, a copy of the repository snapshot per history: archive size,
 *    time and peak RSS (must stay ≤ 1.1×).
 * 2. `verify` of the demo package (freeze, then re-run gold, base, negatives and alternatives
 *    from the package's contents, fresh cache, 2 at once) beside the demo family's original
 *    calibration (checkout + calibration + replay runs on a worker with 2 slots, fresh cache).
 *
 * Own embedded PostgreSQL, stopped at the end. Run: npx tsx bench/package.ts
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { db, disconnectDb } from "@/lib/db";
import { startEmbeddedPostgres, type EmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { stopBoss } from "@/lib/jobs/boss";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { requestCalibration, requestSingleRun } from "@/lib/runs/request-runs";
import { startWorker } from "../workers/worker-process";
import { generatedRepo, seedGeneratedSuite } from "./fixtures/package-suite";
import { requestOracleAudit } from "@/lib/oracle-audit/request-oracle-audit";
import { replayedSet } from "@/lib/testing/frozen-demo";
import { printRows, type BenchRow } from "./types";

const MB = 1024 * 1024;
const say = (line: string) => process.stderr.write(`\n  package: ${line}`);

function child(args: string[]): Promise<Record<string, number | boolean>> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--expose-gc", "--import", "tsx", "--conditions=react-server", path.join(import.meta.dirname, "package-child.ts"), ...args], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (c: Buffer) => (out += c.toString()));
    p.on("close", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`package-child ${args[0]} exited with ${code}`))));
  });
}

async function waitForRuns(familyId: string) {
  while ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) > 0) await new Promise((r) => setTimeout(r, 200));
}

export async function run(): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-package-"));
  fs.chmodSync(tmp, 0o755);
  const previousUrl = process.env.DATABASE_URL;
  let server: EmbeddedDatabase | null = null;
  let worker: Awaited<ReturnType<typeof startWorker>> | null = null;
  try {
    await stopBoss({ graceful: false, timeout: 1000 });
    await disconnectDb();
    server = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg") });
    await migrate(server.url);
    process.env.DATABASE_URL = server.url;

    say("seeding 10 + 50 generated frozen families, each on its own repository");
    const repos = Array.from({ length: 60 }, (_, i) => generatedRepo(path.join(tmp, "repos", `repo-${i}`), i));
    await seedGeneratedSuite(db(), "bench-10", 10, 0, repos.slice(0, 10));
    await seedGeneratedSuite(db(), "bench-50", 50, 10, repos.slice(10));
    const cache = path.join(tmp, "export-cache");
    say("warming the mirrors");
    await child(["export", "bench-10", path.join(tmp, "warm", "bench-10.tar.gz"), cache]);
    await child(["export", "bench-50", path.join(tmp, "warm", "bench-50.tar.gz"), cache]);
    say("exporting 10 (one environment per family, then a snapshot per history)");
    const ten = await child(["export", "bench-10", path.join(tmp, "out", "bench-10.tar.gz"), cache]);
    const tenCopies = await child(["export", "bench-10", path.join(tmp, "copies", "bench-10.tar.gz"), cache, "copies"]);
    say("exporting 50");
    const fifty = await child(["export", "bench-50", path.join(tmp, "out", "bench-50.tar.gz"), cache]);
    const size = (n: string, dir = "out") => fs.statSync(path.join(tmp, dir, n)).size / MB;

    say("calibrating the demo family");
    const lead = await db().user.create({ data: { email: "lead@bench", name: "Bench lead", roles: ["lead"] } });
    const r = await Promise.all(["r1", "r2"].map((n) => db().user.create({ data: { email: `${n}@bench`, name: n, roles: ["reviewer"] } })));
    const suite = await db().suite.create({ data: { name: "demo" } });
    const repo = createDemoRepo(path.join(tmp, "demo-repo"));
    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo, leadId: lead.id, title: "Demo, fully built", complete: true });
    worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), hidePaths: [path.join(tmp, "pg")], log: () => undefined });
    const calStart = performance.now();
    await requestSingleRun(null, family.id, "checkout", "bench");
    await requestCalibration(lead.id, family.id);
    await waitForRuns(family.id);
    const calibrationMs = performance.now() - calStart;
    const calibrationRuns = await db().run.count({ where: { familyId: family.id } });
    // Stage 5's second gate: the specification–oracle audit (the demo has no hidden dependency).
    await requestOracleAudit(null, family.id);
    await waitForRuns(family.id);
    await worker.stop();
    worker = null;
    // Two independent reviews agreeing with gold per history, as the audit stage needs.
    for (const h of await db().history.findMany({ where: { familyId: family.id }, select: { revisions: { select: { id: true, turns: { orderBy: { index: "asc" }, select: { activated: true, deactivated: true } } } } } })) {
      const gold = replayedSet(h.revisions[0]!.turns);
      await db().historyRevision.update({ where: { id: h.revisions[0]!.id }, data: { status: "in_review", sentToReviewAt: new Date() } });
      for (const reviewer of r) {
        await db().reviewAssignment.create({ data: { revisionId: h.revisions[0]!.id, reviewerId: reviewer.id, status: "submitted", review: { create: { finalSet: gold, submittedAt: new Date() } } } });
      }
    }
    say("freezing and verifying the demo package");
    const verified = await child(["freeze-verify", family.id, lead.id, path.join(tmp, "verify-cache")]);
    if (!verified.hashMatches || !verified.allSame) throw new Error("verify found a different hash or signature: the figure would be meaningless");

    const rss = (x: Record<string, number | boolean>) => (x.maxRssBytes as number) / MB;
    const heap = (x: Record<string, number | boolean>) => (x.peakHeapBytes as number) / MB;
    const kept = (x: Record<string, number | boolean>) => (x.retainedHeapBytes as number) / MB;
    const ms = (x: Record<string, number | boolean>) => x.exportMs as number;
    return [
      { name: "suite export, 10 families, one environment folder per family: archive size", value: size("bench-10.tar.gz"), unit: "MB", baseline: { name: "a repository snapshot per history", value: size("bench-10.tar.gz", "copies") }, ratio: size("bench-10.tar.gz") / size("bench-10.tar.gz", "copies") },
      { name: "  wall time", value: ms(ten), unit: "ms", baseline: { name: "a snapshot per history", value: ms(tenCopies) }, ratio: ms(ten) / ms(tenCopies) },
      { name: "  peak RSS of the exporting process (≤ 1.1×)", value: rss(ten), unit: "MB", baseline: { name: "a snapshot per history", value: rss(tenCopies) }, ratio: rss(ten) / rss(tenCopies) },
      { name: "suite export, 50 families: wall time", value: ms(fifty), unit: "ms", baseline: { name: "10 families", value: ms(ten) }, ratio: ms(fifty) / ms(ten) },
      { name: "  per family", value: ms(fifty) / 50, unit: "ms", baseline: { name: "10 families", value: ms(ten) / 10 }, ratio: ms(fifty) / 50 / (ms(ten) / 10) },
      { name: "suite export, 50 families: heap still reachable after each family (max, after GC)", value: kept(fifty), unit: "MB", baseline: { name: "10 families", value: kept(ten) }, ratio: kept(fifty) / kept(ten) },
      { name: "suite export, 50 families: peak RSS of the exporting process", value: rss(fifty), unit: "MB", baseline: { name: "10 families", value: rss(ten) }, ratio: rss(fifty) / rss(ten) },
      { name: "suite export, 50 families: peak JS heap", value: heap(fifty), unit: "MB", baseline: { name: "10 families", value: heap(ten) }, ratio: heap(fifty) / heap(ten) },
      { name: "  archive size, 50 families", value: size("bench-50.tar.gz"), unit: "MB", baseline: { name: "10 families", value: size("bench-10.tar.gz") }, ratio: size("bench-50.tar.gz") / size("bench-10.tar.gz") },
      {
        name: `verify of the demo package (${verified.runs} calibration runs from the package, fresh cache, 2 at once)`,
        value: verified.verifyMs as number, unit: "ms",
        baseline: { name: `its original calibration (${calibrationRuns} runs incl. checkout and replay, fresh cache, 2 slots)`, value: calibrationMs },
        ratio: (verified.verifyMs as number) / calibrationMs,
      },
    ];
  } finally {
    process.stderr.write("\n");
    if (worker) await worker.stop().catch(() => undefined);
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
    (rows) => printRows("package", rows),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
