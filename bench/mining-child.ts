// Negative mining on the pool, in its own process (`--conditions=react-server`: the
// mining code is server modules). For fixtures in three runners with a two-atom change,
// the studio mines candidates from gold and runs them on one worker with 2 slots (the
// pool of a 2-core machine, bench/pool-session.ts); prints one JSON line with a row per runner.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { db } from "@/lib/db";
import { addProbes } from "@/lib/probes/add-probes";
import { requestCollect } from "@/lib/probes/request-collect";
import { listMining } from "@/lib/patches/mining/list-mining";
import { requestMining } from "@/lib/patches/mining/request-mining";
import { createRunnerFixture, RUNNER_ATOMS, type TRunnerName } from "../lib/runner/testing/runner-families";
import { onPool, settle } from "./pool-session";

const RUNNERS: TRunnerName[] = ["node-test", "pytest", "vitest"];

await onPool("mining", async () => {
  const python = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();
  const out: Record<string, unknown>[] = [];
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
  return out;
});
