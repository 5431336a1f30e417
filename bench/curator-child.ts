// The scripted curator session of issue 23 on the pool, in its own process (server modules):
// a generated two-atom family with 30 existing tests (lib/testing/curator-family.ts) from
// "verifier empty" to a green calibration and seven drafted histories, accepting only what
// the studio proposes. Counts the curator's decisions (each one mutation, as the e2e clicks
// them: e2e/curator-session.spec.ts) and the wall time. Prints one JSON line.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db, disconnectDb } from "@/lib/db";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrate";
import { stopBoss } from "@/lib/jobs/boss";
import { getGateReport } from "@/lib/families/get-gate-report";
import { saveVerifier } from "@/lib/verifier/save-verifier";
import { RUNNER_RECIPES } from "@/lib/verifier/recipes";
import { requestCollect } from "@/lib/probes/request-collect";
import { listProbes } from "@/lib/probes/list-probes";
import { addProbes } from "@/lib/probes/add-probes";
import { setCoverage } from "@/lib/probes/set-coverage";
import { requestMining } from "@/lib/patches/mining/request-mining";
import { listMining } from "@/lib/patches/mining/list-mining";
import { decideCandidate } from "@/lib/patches/mining/decide-candidate";
import { requestCalibration } from "@/lib/runs/request-runs";
import { scaffoldHistories } from "@/lib/histories/scaffold-histories";
import { createCuratorRepo, CURATOR_ATOMS } from "@/lib/testing/curator-family";
import { startWorker } from "../workers/worker-process";

async function settle(familyId: string) {
  while ((await db().run.count({ where: { familyId, status: { in: ["queued", "running"] } } })) > 0) await new Promise((r) => setTimeout(r, 200));
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-curator-"));
fs.chmodSync(tmp, 0o755);
const server = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg") });
await migrate(server.url);
process.env.DATABASE_URL = server.url;
const worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), hidePaths: [path.join(tmp, "pg")], log: () => undefined });
let out: Record<string, unknown> = {};
try {
  const curator = await db().user.create({ data: { email: "bench-curator-session@specpath.test", name: "Curator", roles: ["curator"] } });
  const repo = await createCuratorRepo();
  const suite = await db().suite.create({ data: { name: "curator session" } });
  const family = await db().taskFamily.create({
    data: {
      suiteId: suite.id, title: "clamp", repo: repo.dir, prNumber: 7, baseCommit: repo.base, mergeCommit: repo.merge,
      verifier: { create: { hiddenTestPatch: repo.hidden } }, patches: { create: { kind: "gold", name: "gold", diff: repo.gold } },
    },
  });
  const atomIds: Record<string, string> = {};
  for (const [position, a] of CURATOR_ATOMS.entries()) {
    atomIds[a.key] = (await db().atom.create({ data: { ...a, familyId: family.id, position, status: "accepted", scope: "clamp(value, low, high)", polarity: "require" } })).id;
  }
  const id = family.id;
  let inputs = 0;
  const decide = <T>(p: Promise<T>) => { inputs++; return p; };
  const started = performance.now();
  const recipe = RUNNER_RECIPES.find((r) => r.id === "node-test")!;
  await decide(saveVerifier(curator.id, id, {
    version: 1, setupCommand: recipe.setupCommand ?? "", testCommand: recipe.testCommand, resultFormat: recipe.resultFormat, timeoutSec: 120, image: "",
    protocol: { historyPath: "HISTORY.md", historyFormat: "markdown", agentTimeoutSec: 1200, retryPolicy: "none" }, hiddenTestPatch: repo.hidden,
  }));
  await decide(requestCollect(curator.id, id));
  await settle(id);
  const probes = await listProbes(id);
  await decide(addProbes(curator.id, id, { testIds: probes.proposedGuards, kind: "guard" }));
  const discriminating = probes.collectedTests.filter((t) => probes.outcomes[t]?.base !== "pass" && probes.outcomes[t]?.gold === "pass");
  const added = await decide(addProbes(curator.id, id, { testIds: discriminating }));
  for (const probe of added.created) {
    const atom = probe.testId.includes("low") ? "A1" : "A2";
    await decide(setCoverage(curator.id, id, probe.id, { atomId: atomIds[atom]!, covered: true }));
  }
  await decide(requestMining(curator.id, id, {}));
  await settle(id);
  const mined = await listMining(id);
  for (const atom of mined.atoms) {
    const best = atom.proposals[0];
    if (!best) throw new Error(`no selective negative was mined for ${atom.key}`);
    await decide(decideCandidate(curator.id, id, best.id, { decision: "accept", version: best.version, targetAtomId: atom.id }));
  }
  await decide(requestCalibration(curator.id, id));
  await settle(id);
  const report = await getGateReport(id);
  const calibration = report.stages.find((s) => s.stage === "calibration")!;
  const red = calibration.gates.filter((g) => g.status !== "pass").map((g) => `${g.key}: ${g.missing}`);
  if (red.length > 0) throw new Error(`calibration is not green: ${red.join("; ")}`);
  const greenMs = performance.now() - started;
  const scaffold = await decide(scaffoldHistories(curator.id, id, {}));
  out = { inputs, greenSeconds: greenMs / 1000, totalSeconds: (performance.now() - started) / 1000, histories: scaffold.created.length + scaffold.filled.length, guards: probes.proposedGuards.length, tried: mined.batch?.tried ?? 0 };
  fs.rmSync(repo.dir, { recursive: true, force: true });
} finally {
  await worker.stop();
  await stopBoss({ graceful: false, timeout: 1000 }).catch(() => undefined);
  await disconnectDb().catch(() => undefined);
  await server.stop().catch(() => undefined);
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(JSON.stringify(out));
