// The guards around an import in flight, on a real PostgreSQL and no worker: one attempt runs
// once, an attempt presumed dead writes nothing more, the page's state comes from the row, and a
// resume takes only what no live worker holds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeSuite, makeUser } from "@/lib/testing/factories";
import * as resumeRoute from "@/app/api/imports/[importId]/resume/route";
import { getImport } from "./get-import";
import { claimImport, ImportClaimLostError, updateImport } from "./import-claim";
import { reapImports } from "./reap-imports";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
beforeAll(async () => {
  await useFreshDatabase();
  curator = await makeUser(["curator"]);
});
afterAll(() => stopBoss({ graceful: false, timeout: 1000 }));

const anHourAgo = () => new Date(Date.now() - 3600_000);

async function queuedImport() {
  const suite = await makeSuite();
  return db().importJob.create({ data: { suiteId: suite.id, source: "local", repo: "/nowhere", createdBy: curator.id } });
}

describe("an import in flight", () => {
  it("is claimed once per attempt, and an attempt presumed dead cannot write over the next", async () => {
    const job = await queuedImport();
    const first = await claimImport(job.id, "worker-a");
    expect(first).toMatchObject({ id: job.id, attempt: 1, workerId: "worker-a" });
    expect(await claimImport(job.id, "worker-b")).toBeNull();

    // worker-a stops beating (no Worker row: gone); the reaper hands the import on as a new attempt.
    await db().importJob.update({ where: { id: job.id }, data: { heartbeatAt: anHourAgo(), progress: 7 } });
    expect(await reapImports()).toBe(1);
    expect(await db().importJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "queued", workerId: null, progress: 7 });
    const second = await claimImport(job.id, "worker-b");
    expect(second).toMatchObject({ attempt: 2, workerId: "worker-b" });

    await expect(updateImport(first!, { status: "failed", message: "late" })).rejects.toBeInstanceOf(ImportClaimLostError);
    await updateImport(second!, { progress: 8 });
    expect(await db().importJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "running", progress: 8, message: expect.stringMatching(/stopped responding/) });
  });

  it("reads active, interrupted and resumable from the row, and resumes only what no live worker holds", async () => {
    const job = await queuedImport();
    expect(await getImport(job.id)).toMatchObject({ status: "queued", active: true, resumable: false, interrupted: false });
    const resume = () => callRoute(resumeRoute.POST, { method: "POST", userId: curator.id, params: { importId: job.id } });
    expect((await resume()).status).toBe(409);

    await claimImport(job.id, "worker-a");
    expect(await getImport(job.id)).toMatchObject({ status: "running", active: true, resumable: false });
    const held = await resume();
    expect(held.status).toBe(409);
    expect(held.json.error).toMatch(/still running/);

    await db().importJob.update({ where: { id: job.id }, data: { heartbeatAt: anHourAgo() } });
    expect(await getImport(job.id)).toMatchObject({ status: "running", active: false, resumable: true, interrupted: true });
    const resumed = await resume();
    expect(resumed.status).toBe(201);
    expect(resumed.json).toMatchObject({ status: "queued", active: true, message: "Resuming…" });
    const row = await db().importJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ workerId: null, attempt: 1 });
    expect(row.jobId).not.toBeNull();
    expect(await db().auditEvent.findFirst({ where: { entityId: job.id, action: "import.resume" } })).toMatchObject({ actorId: curator.id, after: { status: "queued" } });
  });
});
