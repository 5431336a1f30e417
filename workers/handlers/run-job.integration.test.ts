// Issue #20 item 8: a run whose handler dies on an unexpected error (here a real Prisma
// error, whose message names server files) shows curators one sentence; the rest goes to
// the worker's log, not to the run's message or its stored stderr.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeFamily } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import type { RunnerOptions } from "../../lib/runner/index";
import { HANDLERS } from "./index";
import { handleRunJob } from "./run-job";

const original = HANDLERS.checkout;
beforeAll(async () => {
  await useFreshDatabase();
});
afterAll(() => {
  HANDLERS.checkout = original;
});

describe("a run that fails on an unexpected error", () => {
  it("stores one sentence without server paths, and logs the error in full", async () => {
    const family = await makeFamily();
    const run = await db().run.create({ data: { familyId: family.id, kind: "checkout", requestKey: `${family.id}:checkout:t` } });
    HANDLERS.checkout = async () => {
      await db().run.update({ where: { id: "no-such-run" }, data: { message: "x" } });
      throw new Error("unreachable");
    };
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let log = "";
    try {
      await handleRunJob(run.id, "worker-t", {} as RunnerOptions);
      log = logged.mock.calls.flat().map(String).join("\n");
    } finally {
      logged.mockRestore();
    }
    const saved = await db().run.findUniqueOrThrow({ where: { id: run.id }, include: { results: true } });
    expect(saved.status).toBe("infrastructure_error");
    const shown = [saved.message ?? "", saved.results[0]?.message ?? "", saved.results[0]?.stderr ?? ""].join("\n");
    expect(shown).not.toMatch(/\/work\/|node_modules|\.ts:\d+|invocation|prisma\./i);
    expect(saved.message).toBe("The worker failed on an unexpected database error (P2025); the details are in the worker's log.");
    expect(log).toMatch(/prisma\.run\.update|P2025|No record/i);
  });
});
