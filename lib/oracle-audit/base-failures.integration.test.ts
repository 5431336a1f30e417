// The dynamic literal rule's evidence in the studio: the latest finished calibration run of the base (the audit input
// names it), each probe that did not pass with the runner's failure text, read from the run's latest attempt.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeFamily } from "@/lib/testing/factories";
import { loadAuditInput } from "./load-audit-input";
import { loadBaseFailures } from "./load-base-failures";

beforeAll(async () => {
  await useFreshDatabase();
});

let n = 0;
async function baseRun(familyId: string, finishedAt: Date, probes: unknown[], patchRole = "base", status: "failed" | "running" = "failed") {
  const run = await db().run.create({ data: { familyId, kind: "calibrate", patchRole, requestKey: `base-failures-${++n}-${Date.now()}`, status, finishedAt } });
  await db().runResult.create({ data: { runId: run.id, attempt: 1, workerId: "w", status, probes: probes as object[] } });
  return run;
}

describe("the base run the audit reads", () => {
  it("is none before the base is calibrated", async () => {
    const family = await makeFamily();
    expect((await loadAuditInput(family.id)).baseRunId).toBeNull();
  });

  it("reads the latest finished base run's failing probes with their failure text; gold's runs and running ones are not read", async () => {
    const family = await makeFamily();
    await baseRun(family.id, new Date("2026-01-01"), [{ probe: "t.js::old", status: "fail", message: "old", detail: "old" }]);
    const latest = await baseRun(family.id, new Date("2026-02-01"), [
      { probe: "t.js::a", status: "fail", message: "Expected values to be strictly equal:", detail: "'3-126' !== '3-kAFQ'" },
      { probe: "t.js::b", status: "pass" },
      { probe: "t.js::c", status: "error", message: "TypeError: x is not a function" },
    ]);
    await baseRun(family.id, new Date("2026-03-01"), [{ probe: "t.js::gold", status: "fail", detail: "gold" }], "gold");
    await baseRun(family.id, new Date("2026-04-01"), [{ probe: "t.js::running", status: "fail", detail: "running" }], "base", "running");
    const input = await loadAuditInput(family.id);
    expect(input.baseRunId).toBe(latest.id);
    expect(await loadBaseFailures(input.baseRunId!)).toEqual([
      { probe: "t.js::a", outcome: "fail", message: "Expected values to be strictly equal:", detail: "'3-126' !== '3-kAFQ'" },
      { probe: "t.js::c", outcome: "error", message: "TypeError: x is not a function", detail: null },
    ]);
  });
});
