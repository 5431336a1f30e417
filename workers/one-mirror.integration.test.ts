// Issue #25 item 2: one mirror per repository and machine. An import mirrors the repository; a
// checkout of a family on it (named by its file:// URL) reads that same mirror instead of cloning
// a second one, and the Harbor download of a request reads the mirror without cloning.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { importSettled } from "./testing/import-worker";
import { getImport } from "@/lib/anchoring/imports/get-import";
import { startImport } from "@/lib/anchoring/imports/start-import";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createDemoRepo, type DemoRepo } from "@/lib/demo/demo-repo";
import { existingMirrorWith, mirrorOf } from "@/lib/runner/mirror";
import { gitSpawnCounts } from "@/lib/git/run-git";
import { requestSingleRun } from "@/lib/runs/request-runs";
import { makeSuite } from "@/lib/testing/factories";
import { useWorkerPool } from "./testing/worker-pool";

const pool = useWorkerPool("one-mirror");
let demo: DemoRepo;

beforeAll(() => {
  // The web process's default cache is the worker's: $STUDIO_DATA_DIR/cache.
  process.env.STUDIO_DATA_DIR = pool.tmp;
  demo = createDemoRepo(path.join(pool.tmp, "repos", "vault-lite"));
});

async function settled(runId: string) {
  for (let i = 0; i < 600; i += 1) {
    const run = await db().run.findUniqueOrThrow({ where: { id: runId } });
    if (run.status !== "queued" && run.status !== "running") return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the run did not finish");
}

describe("one mirror per repository", () => {
  it("clones a repository once for its import and a checkout of a family on it", async () => {
    const before = gitSpawnCounts().mirrorClones;
    const suite = await makeSuite();
    const importJob = await startImport(pool.curatorId, suite.id, { source: "local", repo: demo.dir });
    await importSettled(importJob.id);
    expect(await getImport(importJob.id)).toMatchObject({ status: "done" });
    expect(gitSpawnCounts().mirrorClones - before).toBe(1);

    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo: demo, title: "one mirror" });
    await db().taskFamily.update({ where: { id: family.id }, data: { repo: `file://${demo.dir}` } });
    await requestSingleRun(pool.curatorId, family.id, "checkout", "one-mirror");
    const run = await settled((await db().run.findFirstOrThrow({ where: { familyId: family.id, kind: "checkout" } })).id);
    expect(run.status).toBe("passed");
    expect(gitSpawnCounts().mirrorClones - before).toBe(1);
    expect(fs.readdirSync(path.join(pool.tmp, "cache", "mirrors")).filter((name) => name.endsWith(".git"))).toEqual([path.basename(mirrorOf(demo.dir).dir)]);
  }, 120_000);

  it("reads the machine's mirror inside a request, and says so instead of cloning when there is none", async () => {
    const before = gitSpawnCounts().mirrorClones;
    await expect(existingMirrorWith(demo.dir, demo.baseCommit)).resolves.toMatchObject({ commit: demo.baseCommit });
    const elsewhere = createDemoRepo(path.join(pool.tmp, "repos", "never-mirrored"));
    await expect(existingMirrorWith(elsewhere.dir, elsewhere.baseCommit)).rejects.toMatchObject({ code: "not_mirrored" });
    expect(gitSpawnCounts().mirrorClones).toBe(before);
  });
});
