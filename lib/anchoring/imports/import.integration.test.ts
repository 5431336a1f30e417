// Imports against real git repositories and a replayed GitHub API, into a real PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeSuite, makeUser } from "@/lib/testing/factories";
import { createDemoRepo, type DemoRepo } from "@/lib/demo/demo-repo";
import { clockTime } from "@/lib/anchoring/github/github-client";
import { loadExchanges, startReplayServer, type TReplayServer } from "@/lib/anchoring/github/testing/replay-server";
import * as importsRoute from "@/app/api/suites/[suiteId]/imports/route";
import * as importRoute from "@/app/api/imports/[importId]/route";
import * as resumeRoute from "@/app/api/imports/[importId]/resume/route";
import * as candidatesRoute from "@/app/api/suites/[suiteId]/candidates/route";
import { importSettled, useImportWorker } from "@/workers/testing/import-worker";
import { getImport } from "./get-import";
import { resumeImport } from "./resume-import";
import { startImport } from "./start-import";

process.env.NEXTAUTH_SECRET ??= "test-secret";

const FULL_IMPORT = [
  "pulls-page-1", "pulls-page-2", "pull-101-files", "pull-101-comments", "pull-101-diff", "issue-12",
  "pull-103-files", "pull-103-comments", "pull-103-diff",
];

let tmp: string;
let demo: DemoRepo;
let curator: { id: string };
let server: TReplayServer | null = null;

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-imports-"));
  process.env.STUDIO_DATA_DIR = path.join(tmp, "data");
  demo = createDemoRepo(path.join(tmp, "vault-lite"));
  curator = await makeUser(["curator"]);
});
useImportWorker();

afterEach(async () => {
  await server?.close();
  server = null;
  delete process.env.GITHUB_API_URL;
  await db().setting.deleteMany({ where: { key: "github.token" } });
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function finished(jobId: string) {
  await importSettled(jobId);
  return getImport(jobId);
}

async function serve(exchanges: Awaited<ReturnType<typeof loadExchanges>>) {
  server = await startReplayServer(exchanges);
  process.env.GITHUB_API_URL = server.baseUrl;
  return server;
}

describe("local import", () => {
  it("answers at once with the job, then screens every first-parent change of the repository", async () => {
    const suite = await makeSuite();
    const res = await callRoute(importsRoute.POST, { userId: curator.id, params: { suiteId: suite.id }, body: { source: "local", repo: demo.dir } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "queued", source: "local", repo: demo.dir, active: true });
    const job = await finished(String(res.json.id));
    expect(job).toMatchObject({ status: "done", progress: 3, total: 3, candidates: 3, active: false, resumable: false });
    expect(job.message).toBe(`Imported 3 changes on main of ${demo.dir}; the automatic gate kept 1.`);

    const polled = await callRoute(importRoute.GET, { userId: curator.id, params: { importId: job.id } });
    expect(polled.json).toMatchObject({ id: job.id, status: "done" });

    const listed = await callRoute(candidatesRoute.GET, { userId: curator.id, params: { suiteId: suite.id }, path: "/api/x" });
    type TListed = Record<string, unknown> & { title: string; reasons: { step: string; message: string }[] };
    const { funnel, candidates } = listed.json as unknown as { funnel: { step: string; count: number }[]; candidates: TListed[] };
    expect(funnel.map((s) => [s.step, s.count])).toEqual([
      ["found", 3], ["merged", 3], ["non_bot", 2], ["source_and_tests", 1], ["not_generated_dominated", 1], ["size_ok", 1], ["admitted", 0],
    ]);
    const byTitle: Record<string, TListed> = Object.fromEntries(candidates.map((c) => [c.title, c]));
    expect(byTitle["Split secret lookup into required and optional"]).toMatchObject({
      kept: true, prNumber: 13, mergeCommit: demo.mergeCommit, baseCommit: demo.baseCommit, headCommit: demo.headCommit, stoppedAt: null, reasons: [], fileCount: 2,
    });
    expect(byTitle["chore: refresh lock file"]).toMatchObject({ kept: false, authorIsBot: true, stoppedAt: "non_bot" });
    expect(byTitle["chore: refresh lock file"]!.reasons.map((r) => r.message)).toEqual([
      "the author is a bot", "no source file changed", "no test file changed", "generated files hold 100% of the change (limit 50%)",
    ]);
    expect(byTitle["docs: usage notes"]).toMatchObject({ kept: false, stoppedAt: "source_and_tests" });
    expect(byTitle["docs: usage notes"]!.reasons.map((r) => r.message)).toEqual(["no source file changed", "no test file changed"]);

    const dropped = await callRoute(candidatesRoute.GET, { userId: curator.id, params: { suiteId: suite.id }, path: "/api/x?verdict=dropped&stoppedAt=source_and_tests" });
    expect((dropped.json.candidates as { title: string }[]).map((c) => c.title)).toEqual(["docs: usage notes"]);

    const events = await db().auditEvent.findMany({ where: { OR: [{ entityId: job.id }] }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["import.start", "candidate.import"]);
    expect(events[0]!.actorId).toBe(curator.id);
  });

  it("writes each change once when imported again, and keeps the curator's decisions", async () => {
    const suite = await makeSuite();
    const first = await finished((await startImport(curator.id, suite.id, { source: "local", repo: demo.dir })).id);
    await db().candidate.updateMany({ where: { suiteId: suite.id, title: "docs: usage notes" }, data: { status: "rejected", statusReason: "docs only" } });
    const second = await finished((await startImport(curator.id, suite.id, { source: "local", repo: demo.dir })).id);
    expect([first.status, second.status]).toEqual(["done", "done"]);
    const candidates = await db().candidate.findMany({ where: { suiteId: suite.id } });
    expect(candidates).toHaveLength(3);
    expect(candidates.find((c) => c.title === "docs: usage notes")).toMatchObject({ status: "rejected", statusReason: "docs only", importJobId: second.id });
  });

  it("resumes after the candidates a failed import already wrote", async () => {
    const suite = await makeSuite();
    const job = await finished((await startImport(curator.id, suite.id, { source: "local", repo: demo.dir })).id);
    // As if the import had stopped after writing the newest change.
    await db().candidate.deleteMany({ where: { suiteId: suite.id, mergeCommit: { not: demo.mergeCommit } } });
    await db().importJob.update({ where: { id: job.id }, data: { status: "failed", message: "stopped", cursor: { head: demo.mergeCommit, written: 1 } } });
    expect(await getImport(job.id)).toMatchObject({ resumable: true });

    const res = await callRoute(resumeRoute.POST, { method: "POST", userId: curator.id, params: { importId: job.id } });
    expect(res.status).toBe(201);
    const resumed = await finished(job.id);
    expect(resumed).toMatchObject({ status: "done", candidates: 3 });
    const chunks = await db().auditEvent.findMany({ where: { entityId: job.id, action: "candidate.import" }, orderBy: { id: "asc" } });
    expect((chunks.at(-1)!.after as { commits: string[] }).commits).not.toContain(demo.mergeCommit);
    expect((await db().auditEvent.findFirst({ where: { entityId: job.id, action: "import.resume" } }))?.actorId).toBe(curator.id);

    const again = await callRoute(resumeRoute.POST, { method: "POST", userId: curator.id, params: { importId: job.id } });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/finished/);
  });

  it("says why when the path (or its file:// URL) is not a repository, and writes no candidate", async () => {
    const suite = await makeSuite();
    const plain = path.join(tmp, "plain-folder");
    fs.mkdirSync(plain, { recursive: true });
    const notRepo = await finished((await startImport(curator.id, suite.id, { source: "local", repo: plain })).id);
    expect(notRepo).toMatchObject({ status: "failed", message: `${plain} is not a git repository`, resumable: true });

    // A file:// URL is its path: the same source, the same mirror (lib/runner/mirror.ts).
    const missing = path.join(tmp, "missing.git");
    const notCloned = await finished((await startImport(curator.id, suite.id, { source: "local", repo: `file://${missing}` })).id);
    expect(notCloned).toMatchObject({ status: "failed", repo: missing, message: `${missing} is not a git repository (no such directory)` });
    expect(await db().candidate.count({ where: { suiteId: suite.id } })).toBe(0);
  });

  it("refuses bad input naming the field", async () => {
    const suite = await makeSuite();
    const empty = await callRoute(importsRoute.POST, { userId: curator.id, params: { suiteId: suite.id }, body: { source: "local", repo: "  " } });
    expect(empty.status).toBe(400);
    expect(empty.json.fieldErrors).toHaveProperty("repo");
    const slug = await callRoute(importsRoute.POST, { userId: curator.id, params: { suiteId: suite.id }, body: { source: "github", repo: "not a slug", mergedFrom: "May 1" } });
    expect(slug.status).toBe(400);
    expect(Object.keys(slug.json.fieldErrors ?? {}).sort()).toEqual(["mergedFrom", "repo"]);
    const missingSuite = await callRoute(importsRoute.POST, { userId: curator.id, params: { suiteId: "nope" }, body: { source: "local", repo: demo.dir } });
    expect(missingSuite.status).toBe(404);
    const reviewer = await makeUser(["reviewer"]);
    expect((await callRoute(importsRoute.POST, { userId: reviewer.id, params: { suiteId: suite.id }, body: { source: "local", repo: demo.dir } })).status).toBe(403);
    expect(await db().importJob.count({ where: { suiteId: suite.id } })).toBe(0);
  });
});

describe("GitHub import", () => {
  it("imports merged pull requests with the stored token, screening the bot's bump out", async () => {
    const { requests } = await serve(await loadExchanges(...FULL_IMPORT));
    await db().setting.create({ data: { key: "github.token", value: "ghp_test" } });
    const suite = await makeSuite();
    const job = await finished((await startImport(curator.id, suite.id, { source: "github", repo: "acme/widgets", perPage: 2 })).id);
    expect(job).toMatchObject({ status: "done", candidates: 2, message: "Imported 2 merged pull requests of acme/widgets; the automatic gate kept 1." });
    expect(requests[0]!.headers.authorization).toBe("token ghp_test");
    const candidates = await db().candidate.findMany({ where: { suiteId: suite.id }, orderBy: { prNumber: "asc" } });
    expect(candidates.map((c) => [c.prNumber, c.kept, c.stepsPassed, c.author])).toEqual([
      [101, true, ["found", "merged", "non_bot", "source_and_tests", "not_generated_dominated", "size_ok"], "alice-dev"],
      [103, false, ["found", "merged", "size_ok"], "dependabot[bot]"],
    ]);
    expect(candidates[0]).toMatchObject({ repo: "acme/widgets", mergeCommit: "e7d3c1b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3", baseCommit: "9c1e5b7d2a4f60e8b3d1c7a5e9f0b2d4c6a8e1f3" });
    expect((candidates[0]!.raw as { diff: string }).diff).toMatch(/^diff --git/);
    expect(await db().importJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ cursor: { page: 2, lastNumber: 103 } });
  });

  it("shows a rate-limit wait on the job, then carries on", async () => {
    const exchanges = await loadExchanges("rate-limited", ...FULL_IMPORT);
    const reset = Math.ceil(Date.now() / 1000) + 1;
    exchanges[0]!.response.headers = { ...exchanges[0]!.response.headers, "x-ratelimit-reset": String(reset) };
    await serve(exchanges);
    const suite = await makeSuite();
    const started = await startImport(curator.id, suite.id, { source: "github", repo: "acme/widgets", perPage: 2 });
    let waiting: Awaited<ReturnType<typeof getImport>> | null = null;
    for (let i = 0; i < 100 && !waiting; i++) {
      const now = await getImport(started.id);
      if (now.status === "waiting") waiting = now;
      else if (now.status !== "queued" && now.status !== "running") break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(waiting?.message).toBe(`waiting for GitHub rate limit until ${clockTime(reset * 1000)}`);
    expect(await finished(started.id)).toMatchObject({ status: "done", candidates: 2 });
  });

  it("fails with the cursor of the last whole candidate and resumes from it", async () => {
    const partial = await serve(await loadExchanges("pulls-page-1", "pulls-page-2", "pull-101-files", "pull-101-comments", "pull-101-diff", "issue-12"));
    const suite = await makeSuite();
    const job = await finished((await startImport(curator.id, suite.id, { source: "github", repo: "acme/widgets", perPage: 2 })).id);
    expect(job).toMatchObject({ status: "failed", resumable: true, candidates: 1 });
    expect(job.message).toMatch(/^pull request #103 could not be read: GitHub answered 404/);
    expect(await db().importJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ cursor: { page: 2, lastNumber: 102 } });
    expect(await db().candidate.findMany({ where: { suiteId: suite.id }, select: { prNumber: true } })).toEqual([{ prNumber: 101 }]);
    await partial.close();

    const full = await serve(await loadExchanges(...FULL_IMPORT));
    await resumeImport(curator.id, job.id);
    expect(await finished(job.id)).toMatchObject({ status: "done", candidates: 2 });
    expect(full.requests.some((r) => r.path.startsWith("/repos/acme/widgets/pulls/101"))).toBe(false);
    expect(await db().candidate.count({ where: { suiteId: suite.id } })).toBe(2);
  });

  it("explains a token without access and writes nothing", async () => {
    await serve(await loadExchanges("unauthorized", "forbidden"));
    process.env.GITHUB_TOKEN = "ghp_expired";
    try {
      const suite = await makeSuite();
      const rejected = await finished((await startImport(curator.id, suite.id, { source: "github", repo: "acme/widgets" })).id);
      expect(rejected).toMatchObject({ status: "failed", message: "GitHub rejected the token (401 Bad credentials); check that it is valid and not expired" });
      const hidden = await finished((await startImport(curator.id, suite.id, { source: "github", repo: "acme/internal-tools" })).id);
      expect(hidden).toMatchObject({ status: "failed", message: "the token has no access to acme/internal-tools (403 Resource not accessible by personal access token)" });
      expect(await db().candidate.count({ where: { suiteId: suite.id } })).toBe(0);
    } finally {
      delete process.env.GITHUB_TOKEN;
    }
  });
});
