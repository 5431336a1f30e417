// Issue #25 item 3: an import survives a restart. The web process starts a GitHub import, a worker
// takes it, and the studio is killed mid-import (the web process and the worker, SIGKILL) while
// the worker waits on GitHub: the page shows the import from any web process, as active while the
// worker beats and as interrupted once it stopped; when a worker comes back, the import goes on as
// a new attempt from the last written candidate (pull request 101 is not asked for again) and ends
// "done", instead of staying "running" forever. Real processes, real PostgreSQL, the real GitHub
// client against the replay server of recorded responses.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { getImport } from "@/lib/anchoring/imports/get-import";
import { loadExchanges, startReplayServer, type TReplayServer } from "@/lib/anchoring/github/testing/replay-server";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeSuite, makeUser } from "@/lib/testing/factories";
import { firstLine, studioProcesses, waitFor } from "./testing/studio-processes";

const FULL_IMPORT = [
  "pulls-page-1", "pulls-page-2", "pull-101-files", "pull-101-comments", "pull-101-diff", "issue-12",
  "pull-103-files", "pull-103-comments", "pull-103-diff",
];
const HELD = "/repos/acme/widgets/pulls/103/files";

let tmp: string;
let databaseUrl: string;
let github: TReplayServer;
let release: () => void = () => undefined;

beforeAll(async () => {
  databaseUrl = await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-import-restart-"));
  // The first worker's request for pull request 103 is held until the test lets it go: the kill
  // lands after #101 is written and before #103 is.
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  github = await startReplayServer(await loadExchanges(...FULL_IMPORT), {
    before: (request) => {
      if (request.path !== HELD || !first) return;
      first = false;
      return held;
    },
  });
});
afterAll(async () => {
  release();
  processes.killAll();
  await github?.close();
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

// The GitHub base URL is the environment of the process that runs the import.
const env = () => ({
  ...process.env, DATABASE_URL: databaseUrl, STUDIO_DATA_DIR: path.join(tmp, "data"), GITHUB_API_URL: github.baseUrl,
  STUDIO_WORKER_CONCURRENCY: "1", STUDIO_HEARTBEAT_SECONDS: "1", STUDIO_DEAD_AFTER_SECONDS: "3",
});
const processes = studioProcesses(env);
const { child, kill9 } = processes;

describe("an import across a restart", () => {
  it("shows the same from any web process, is taken up again after the web process and the worker are killed mid-import, and ends done", async () => {
    const curator = await makeUser(["curator"]);
    const suite = await makeSuite();
    const web = child("workers/testing/start-import-child.ts", [curator.id, suite.id, JSON.stringify({ source: "github", repo: "acme/widgets", perPage: 2 })]);
    const jobId = await firstLine(web);
    const worker = child("workers/index.ts");

    // Killed in the middle: #101 written, the request for #103 held.
    await waitFor("the import under way", async () => {
      const job = await db().importJob.findUniqueOrThrow({ where: { id: jobId } });
      if (job.status === "done" || job.status === "failed") throw new Error(`the import ended (${job.status}: ${job.message}) before the kill`);
      return job.progress === 1 && github.requests.some((r) => r.path === HELD);
    });
    // This test process is another web process: it reads the row, not the importer's memory.
    const whileRunning = await getImport(jobId);
    await Promise.all([kill9(web), kill9(worker)]);
    const askedBeforeKill = github.requests.length;
    release();

    // Nothing beats any more: the page says interrupted (and offers to resume) from the row alone.
    const interrupted = await waitFor("the import shown as interrupted", async () => {
      const job = await getImport(jobId);
      return job.interrupted ? job : null;
    }, 30_000).catch(() => null);

    child("workers/index.ts");
    const done = await waitFor("the import done after the restart", async () => {
      const job = await db().importJob.findUniqueOrThrow({ where: { id: jobId } });
      return job.status === "done" || job.status === "failed" ? job : null;
    }, 90_000);
    expect(done).toMatchObject({ status: "done", attempt: 2, message: "Imported 2 merged pull requests of acme/widgets; the automatic gate kept 1." });
    expect(await db().candidate.findMany({ where: { suiteId: suite.id }, orderBy: { prNumber: "asc" }, select: { prNumber: true } })).toEqual([{ prNumber: 101 }, { prNumber: 103 }]);
    // Resumed from the stored cursor: #101 was not read again.
    expect(github.requests.slice(askedBeforeKill).filter((r) => r.path.startsWith("/repos/acme/widgets/pulls/101"))).toEqual([]);
    expect(whileRunning).toMatchObject({ status: "running", active: true, resumable: false, interrupted: false });
    expect(interrupted).toMatchObject({ active: false, resumable: true, interrupted: true });
    expect(await getImport(jobId)).toMatchObject({ status: "done", active: false, resumable: false, candidates: 2 });
  }, 240_000);
});
