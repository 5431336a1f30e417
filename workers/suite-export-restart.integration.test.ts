// Issue #25 item 3: a suite export survives a restart. The web process starts it, and then the
// studio is killed mid-export (the web process and the worker, SIGKILL): when a worker comes back,
// the export is taken up again as a new attempt and ends "done" with the whole archive, instead of
// staying "running" forever. Real processes, real PostgreSQL, real git.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeUser } from "@/lib/testing/factories";
import { generatedRepo, seedGeneratedSuite } from "@/bench/fixtures/package-suite";
import { firstLine, studioProcesses, waitFor } from "./testing/studio-processes";

const FAMILIES = 4;
let tmp: string;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-export-restart-"));
  const repos = Array.from({ length: FAMILIES }, (_, i) => generatedRepo(path.join(tmp, "repos", `r${i}`), i, 40));
  await seedGeneratedSuite(db(), "restart", FAMILIES, 0, repos);
});
afterAll(async () => {
  processes.killAll();
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

// One machine: the web process and its workers share the data folder (the archive is written there).
const env = () => ({
  ...process.env, DATABASE_URL: databaseUrl, STUDIO_DATA_DIR: path.join(tmp, "data"),
  STUDIO_WORKER_CONCURRENCY: "1", STUDIO_HEARTBEAT_SECONDS: "1", STUDIO_DEAD_AFTER_SECONDS: "3",
});
const processes = studioProcesses(env);
const { child, kill9 } = processes;

describe("a suite export across a restart", () => {
  it("is taken up again after the web process and the worker are killed mid-export, and ends done", async () => {
    const lead = await makeUser(["lead"]);
    const suite = await db().suite.findUniqueOrThrow({ where: { name: "restart" } });
    const web = child("workers/testing/start-suite-export-child.ts", [lead.id, suite.id]);
    const jobId = await firstLine(web);
    const worker = child("workers/index.ts");

    // Killed in the middle: some packages written, not all.
    await waitFor("the export under way", async () => {
      const job = await db().exportJob.findUniqueOrThrow({ where: { id: jobId } });
      if (job.status === "done") throw new Error("the export finished before the kill; give it more to do");
      return job.status === "running" && job.progress >= 1 && job.progress < FAMILIES;
    });
    await Promise.all([kill9(web), kill9(worker)]);

    child("workers/index.ts");
    const done = await waitFor("the export done after the restart", async () => {
      const job = await db().exportJob.findUniqueOrThrow({ where: { id: jobId } });
      return job.status === "done" || job.status === "failed" ? job : null;
    });
    expect(done).toMatchObject({ status: "done", progress: FAMILIES, total: FAMILIES, attempt: 2 });
    const names: string[] = [];
    await tar.t({ file: done.file!, onReadEntry: (e) => { names.push(e.path); e.resume(); } });
    expect(names.filter((n) => /^[^/]+\/MANIFEST$/.test(n))).toHaveLength(FAMILIES);
    const index = JSON.parse(fs.readFileSync(done.file!.replace(/\.tar\.gz$/, ".jsonl"), "utf8").split("\n")[0]!);
    expect(index).toHaveProperty("instance_id");
  }, 240_000);
});
