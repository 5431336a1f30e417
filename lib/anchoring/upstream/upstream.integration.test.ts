// Upstream identity: admission reads it from the local clone's remotes (and the merge date), a
// curator edits it (409 on a stale version, audited), and freeze refuses a family without one.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeFamily, makeSuite, makeUser } from "@/lib/testing/factories";
import { createDemoRepo, type DemoRepo } from "@/lib/demo/demo-repo";
import { importSettled, useImportWorker } from "@/workers/testing/import-worker";
import { startImport } from "@/lib/anchoring/imports/start-import";
import { freezeFamily } from "@/lib/package/freeze-family";
import { getFreezePreview } from "@/lib/package/freeze-preview";
import * as admitRoute from "@/app/api/suites/[suiteId]/candidates/[candidateId]/admit/route";
import * as upstreamRoute from "@/app/api/families/[familyId]/upstream/route";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let tmp: string;
let demo: DemoRepo;
let curator: { id: string };

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-upstream-"));
  process.env.STUDIO_DATA_DIR = path.join(tmp, "data");
  demo = createDemoRepo(path.join(tmp, "vault-lite"));
  execFileSync("git", ["remote", "add", "origin", "git@github.com:me/vault-lite-fork.git"], { cwd: demo.dir });
  execFileSync("git", ["remote", "add", "upstream", "https://github.com/vault-org/vault-lite.git"], { cwd: demo.dir });
  curator = await makeUser(["curator"]);
});
useImportWorker();

afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("upstream identity", () => {
  it("is read at admission from the local clone's upstream remote, with the merge commit's date", async () => {
    const suite = await makeSuite();
    const job = await startImport(curator.id, suite.id, { source: "local", repo: demo.dir });
    await importSettled(job.id);
    const good = (await db().candidate.findMany({ where: { suiteId: suite.id } })).find((c) => c.kept)!;
    const res = await callRoute(admitRoute.POST, { userId: curator.id, params: { suiteId: suite.id, candidateId: good.id }, body: { version: good.version } });
    expect(res.status).toBe(201);
    const family = await db().taskFamily.findUniqueOrThrow({ where: { id: String(res.json.familyId) } });
    expect(family).toMatchObject({ repo: demo.dir, upstreamRepo: "vault-org/vault-lite", prNumber: 13 });
    const date = execFileSync("git", ["show", "-s", "--format=%cI", demo.mergeCommit], { cwd: demo.dir, encoding: "utf8" }).trim();
    expect(family.mergedAt?.getTime()).toBe(new Date(date).getTime());
  });

  it("is edited by a curator: bad input 400 naming the field, stale version 409, every change audited", async () => {
    const family = await makeFamily({ curatorIds: [curator.id] });
    const patch = (body: unknown) => callRoute(upstreamRoute.PATCH, { method: "PATCH", userId: curator.id, params: { familyId: family.id }, body });
    const bad = await patch({ version: family.version, upstreamRepo: "/home/me/clone" });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors?.upstreamRepo?.[0]).toMatch(/owner\/name/);
    const ok = await patch({ version: family.version, upstreamRepo: "psf/requests", prNumber: 6710 });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ upstreamRepo: "psf/requests", prNumber: 6710, version: family.version + 1 });
    expect((await patch({ version: family.version, upstreamRepo: "psf/other" })).status).toBe(409);
    expect((await db().taskFamily.findUniqueOrThrow({ where: { id: family.id } })).upstreamRepo).toBe("psf/requests");
    const events = await db().auditEvent.findMany({ where: { familyId: family.id, action: "family.set_upstream" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.after).toMatchObject({ upstreamRepo: "psf/requests" });
  });

  it("is required to freeze, with a message that says where to set it", async () => {
    const lead = await makeUser(["lead"]);
    const family = await makeFamily();
    await expect(freezeFamily({ id: lead.id, roles: ["lead"] }, family.id)).rejects.toMatchObject({
      code: "UNPROCESSABLE", message: expect.stringMatching(/Set the upstream repository \(owner\/name\) on the Evidence tab/),
    });
    expect((await getFreezePreview(family.id)).blockers.join("\n")).toMatch(/Upstream repository: Set the upstream/);
  });
});
