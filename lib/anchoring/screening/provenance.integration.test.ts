// Provenance for local imports: a curator sets the PR of a commit candidate (number or URL);
// with a GitHub remote and a saved token the PR's description, review discussion and linked
// issue are fetched (here from a local replay of recorded GitHub exchanges) and admission
// keeps them as the family's evidence, beside the local diff.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeSuite, makeUser } from "@/lib/testing/factories";
import { createDemoRepo, type DemoRepo } from "@/lib/demo/demo-repo";
import { loadExchanges, startReplayServer, type TReplayServer } from "@/lib/anchoring/github/testing/replay-server";
import { importSettled, useImportWorker } from "@/workers/testing/import-worker";
import { startImport } from "@/lib/anchoring/imports/start-import";
import * as provenanceRoute from "@/app/api/suites/[suiteId]/candidates/[candidateId]/provenance/route";
import * as admitRoute from "@/app/api/suites/[suiteId]/candidates/[candidateId]/admit/route";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let tmp: string;
let demo: DemoRepo;
let curator: { id: string };
let server: TReplayServer | null = null;

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-provenance-"));
  process.env.STUDIO_DATA_DIR = path.join(tmp, "data");
  demo = createDemoRepo(path.join(tmp, "widgets"));
  execFileSync("git", ["-C", demo.dir, "remote", "add", "origin", "https://github.com/acme/widgets.git"]);
  curator = await makeUser(["curator"]);
});
useImportWorker();
afterEach(async () => {
  await server?.close();
  server = null;
  delete process.env.GITHUB_API_URL;
  await db().setting.deleteMany({ where: { key: "github.token" } });
});
afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function localCandidate() {
  const suite = await makeSuite();
  const job = await startImport(curator.id, suite.id, { source: "local", repo: demo.dir });
  await importSettled(job.id);
  const candidate = (await db().candidate.findMany({ where: { suiteId: suite.id, kept: true } }))[0]!;
  return { suite, candidate };
}

const setPr = (suiteId: string, candidateId: string, body: Record<string, unknown>) =>
  callRoute(provenanceRoute.PUT, { method: "PUT", userId: curator.id, params: { suiteId, candidateId }, body });

describe("provenance for a local candidate", () => {
  it("fetches the PR's description, review discussion and linked issue through the origin remote and keeps them as evidence", async () => {
    server = await startReplayServer(await loadExchanges("pull-101", "pull-101-files", "pull-101-comments", "pull-101-diff", "issue-12"));
    process.env.GITHUB_API_URL = server.baseUrl;
    await db().setting.create({ data: { key: "github.token", value: { token: "ghp_test" } } });
    const { suite, candidate } = await localCandidate();

    const res = await setPr(suite.id, candidate.id, { pr: "#101", version: candidate.version });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ prNumber: 101, provenance: { repo: "acme/widgets", fetched: true } });
    expect(server.requests.map((r) => r.path)).toContain("/repos/acme/widgets/issues/12");
    expect(server.requests.every((r) => r.headers.authorization === "token ghp_test")).toBe(true);

    const admitted = await callRoute(admitRoute.POST, { userId: curator.id, params: { suiteId: suite.id, candidateId: candidate.id }, body: { version: candidate.version + 1 } });
    expect(admitted.status).toBe(201);
    const family = await db().taskFamily.findUniqueOrThrow({ where: { id: String(admitted.json.familyId) }, include: { evidence: true } });
    expect(family.prNumber).toBe(101);
    expect(family.evidence).toMatchObject({ prTitle: "Wrap day-of-week into 0..6 in normalize_day", issueTitle: "#12 normalize_day(7) returns 7 instead of wrapping to Monday" });
    expect(family.evidence!.prBody).toMatch(/^Fixes #12\./);
    expect(Array.isArray(family.evidence!.reviewThreads) && family.evidence!.reviewThreads.length).toBeGreaterThan(0);
    // The diff stays the local one, from base to merge commit.
    expect(family.evidence!.diff).toMatch(/^diff --git a\/src\/secrets.js b\/src\/secrets.js/);
    const event = await db().auditEvent.findFirstOrThrow({ where: { entityId: candidate.id, action: "candidate.provenance" } });
    expect(event.after).toMatchObject({ prNumber: 101, repo: "acme/widgets", fetched: true });
  });

  it("sets only the number without a token, says why nothing was fetched, and refuses what is not a PR reference", async () => {
    const { suite, candidate } = await localCandidate();
    const bad = await setPr(suite.id, candidate.id, { pr: "pull 7 please", version: candidate.version });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.json)).toMatch(/pr/);
    const res = await setPr(suite.id, candidate.id, { pr: "https://github.com/acme/widgets/pull/7", version: candidate.version });
    expect(res.json).toMatchObject({ prNumber: 7, provenance: { repo: "acme/widgets", fetched: false, reason: "no GitHub token is saved" } });
    const stale = await setPr(suite.id, candidate.id, { pr: "8", version: candidate.version });
    expect(stale.status).toBe(409);
  });

  it("names the field when GitHub does not know the pull request", async () => {
    server = await startReplayServer(await loadExchanges("issue-12"));
    process.env.GITHUB_API_URL = server.baseUrl;
    await db().setting.create({ data: { key: "github.token", value: { token: "ghp_test" } } });
    const { suite, candidate } = await localCandidate();
    const res = await setPr(suite.id, candidate.id, { pr: "999", version: candidate.version });
    expect(res.status).toBe(422);
    expect(res.json.fieldErrors?.pr?.[0]).toMatch(/#999/);
  });
});
