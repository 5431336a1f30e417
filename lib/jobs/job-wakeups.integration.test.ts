// A sent job wakes the workers' idle pollers through NOTIFY instead of their polling interval
// (issue 24): the enqueue must tell every listener, on the application role, which queue got a job.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeFamily } from "@/lib/testing/factories";
import { stopBoss } from "./boss";
import { RUN_QUEUE } from "./definitions";
import { enqueueRuns } from "./enqueue-runs";
import { listenForJobs } from "./job-wakeups";

beforeAll(async () => {
  await useFreshDatabase();
});
afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
});

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`waited 10 s for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it("tells every listening worker which queue a run's job was sent to", async () => {
  const family = await makeFamily();
  const run = await db().run.create({ data: { familyId: family.id, kind: "calibrate", patchRole: "gold", requestKey: `wake:${family.id}` } });
  const heard: [string[], string[]] = [[], []];
  const listeners = heard.map((into) => listenForJobs((queue) => into.push(queue)));
  try {
    await Promise.all(listeners.map((l) => l.ready));
    await enqueueRuns([{ id: run.id, attempt: 1 }]);
    await until(() => heard.every((h) => h.length > 0), "both listeners to hear of the job");
    expect(heard).toEqual([[RUN_QUEUE], [RUN_QUEUE]]);
    // The job itself was sent and recorded on the run, as before.
    expect((await db().run.findUniqueOrThrow({ where: { id: run.id }, select: { jobId: true } })).jobId).toMatch(/^[0-9a-f-]{36}$/);
  } finally {
    await Promise.all(listeners.map((l) => l.stop()));
  }
});
