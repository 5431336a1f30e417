// Negative mining on the pool, in its own process (`--conditions=react-server`: the
// mining code is server modules). For fixtures in three runners with a two-atom change,
// the studio mines candidates from gold and runs them on one worker with 2 slots (the
// pool of a 2-core machine); prints one JSON line per runner.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db, disconnectDb } from "@/lib/db";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { stopBoss } from "@/lib/jobs/boss";
import { addProbes } from "@/lib/probes/add-probes";
import { requestCollect } from "@/lib/probes/request-collect";
import { listMining } from "@/lib/patches/mining/list-mining";
import { requestMining } from "@/lib/patches/mining/request-mining";
import { createRunnerFixture, RUNNER_ATOMS, type TRunnerName } from "../lib/runner/testing/runner-families";
import { startWorker } from "../workers/worker-process";

const RUNNERS: TRunnerName[] = ["node-test", "pytest", "vitest"];

async function settle(familyId: string) {
  while ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) > 0) await new Promise((r) => setTimeout(r, 200));
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-mining-"));
fs.chmodSync(tmp, 0o755);
const server = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg") });
await migrate(server.url);
process.env.DATABASE_URL = server.url;
const worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), hidePaths: [path.join(tmp, "pg")], log: () => undefined });
const python = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();
const out: Record<string, unknown>[] = [];
try {
  const curator = await db().user.create({ data: { email: "bench-miner@specpath.test", name: "Miner", roles: ["curator"] } });
  for (const runner of RUNNERS) {
    const fixture = await createRunnerFixture(runner, { python });
    const suite = await db().suite.create({ data: { name: `mining ${runner}` } });
    const family = await db().taskFamily.create({
      data: {
        suiteId: suite.id, title: runner, repo: fixture.repoDir, prNumber: 1, baseCommit: fixture.baseCommit, mergeCommit: fixture.mergeCommit,
        verifier: { create: { setupCommand: fixture.setupCommand, testCommand: fixture.testCommand, resultFormat: fixture.resultFormat, hiddenTestPatch: fixture.hiddenTestPatch } },
        patches: { create: { kind: "gold", name: "gold", diff: fixture.goldPatch } },
      },
    });
    const atoms: Record<string, string> = {};
    for (const [position, atom] of RUNNER_ATOMS.filter((a) => a.role === "final").entries()) {
      atoms[atom.key] = (await db().atom.create({ data: { ...atom, replacedBy: [], familyId: family.id, position, status: "accepted" } })).id;
    }
    // Collection also prepares the workspace (the setup), as it does before a curator mines.
    await requestCollect(curator.id, family.id);
    await settle(family.id);
    await addProbes(curator.id, family.id, { testIds: [fixture.probes.A1, fixture.probes.A2] });
    await addProbes(curator.id, family.id, { testIds: [fixture.guard], kind: "guard" });
    for (const probe of await db().probe.findMany({ where: { familyId: family.id, kind: "probe" } })) {
      const key = fixture.probes.A1 === probe.testId ? "A1" : "A2";
      await db().probeAtom.create({ data: { probeId: probe.id, atomId: atoms[key]! } });
    }
    const started = performance.now();
    await requestMining(curator.id, family.id, {});
    await settle(family.id);
    const wallMs = performance.now() - started;
    const mined = await listMining(family.id);
    out.push({
      runner, tried: mined.batch!.tried, generated: mined.batch!.generated, selective: mined.batch!.selective,
      atomsWithProposal: mined.atoms.filter((a) => a.proposals.length > 0).length, atoms: mined.atoms.length, secondsPerAtom: wallMs / 1000 / mined.atoms.length,
    });
    fs.rmSync(fixture.repoDir, { recursive: true, force: true });
  }
} finally {
  await worker.stop();
  await stopBoss({ graceful: false, timeout: 1000 }).catch(() => undefined);
  await disconnectDb().catch(() => undefined);
  await server.stop().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(JSON.stringify(out));
