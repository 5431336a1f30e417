// A counterfactual run is queued before it is linked to its row (the link needs the run's id),
// so a worker can claim it in between: it must still find what to execute, never pass it as
// "no counterfactual" with no verdict.
import { beforeAll, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeFamily } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import { findCounterfactualByRun } from "./record-counterfactual";

beforeAll(async () => {
  await useFreshDatabase();
});

it("finds a run's counterfactual by the run's request key before the link is written", async () => {
  const family = await makeFamily();
  const staticRun = await db().run.create({ data: { familyId: family.id, kind: "oracle_audit", requestKey: `${family.id}:oracle_audit:k` } });
  const audit = await db().oracleAudit.create({ data: { familyId: family.id, runId: staticRun.id, goldHash: "g" } });
  const row = await db().oracleCounterfactual.create({ data: { familyId: family.id, auditId: audit.id, dependencyKey: "name::x", mutation: "x → x_alt", patch: "p", predictedProbeTestIds: ["t"] } });
  const run = await db().run.create({ data: { familyId: family.id, kind: "counterfactual", requestKey: `${family.id}:counterfactual:${row.id}` } });
  expect((await findCounterfactualByRun(run.id))?.id).toBe(row.id);
  const other = await db().run.create({ data: { familyId: family.id, kind: "counterfactual", requestKey: `${family.id}:counterfactual:gone` } });
  expect(await findCounterfactualByRun(other.id)).toBeNull();
});
