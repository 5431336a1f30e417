// Issue #20 item 7: twenty parallel requests of one kind make the runs one request makes
// (twenty "collect" clicks once made four runs). Every run-requesting route: collect,
// checkout, calibrate, replay, oracle audit, grading.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeUser } from "@/lib/testing/factories";
import { makeDemoFamily } from "@/lib/testing/patches-demo-family";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { CONDITIONS } from "@/lib/contract/types";
import { createEvaluation } from "@/lib/evaluation/create-evaluation";
import { importResults } from "@/lib/evaluation/import-results";
import { packageForGrading } from "@/lib/evaluation/testing/package-for-grading";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";

process.env.NEXTAUTH_SECRET ??= "test-secret";
const API = path.resolve(import.meta.dirname, "..");
const PARALLEL = 20;

let userId: string;
let demo: Awaited<ReturnType<typeof makeDemoFamily>>;
const runsOf = (familyId: string, kind: string) => db().run.count({ where: { familyId, ...(kind === "any" ? {} : { kind: kind as never }) } });

beforeAll(async () => {
  await useFreshDatabase();
  userId = (await makeUser(["admin", "lead", "curator", "reviewer"])).id;
  demo = await makeDemoFamily([userId]);
}, 120_000);
afterAll(async () => {
  demo?.cleanup();
  await stopBoss({ graceful: false, timeout: 1000 });
});

async function parallel(rel: string, params: Record<string, string>, body: unknown, n = PARALLEL) {
  const mod = (await import(path.join(API, rel, "route.ts"))) as Record<string, never>;
  const answers = await Promise.all(Array.from({ length: n }, () => callRoute(mod.POST!, { method: "POST", userId, params, body })));
  for (const a of answers) if (a.status >= 500) console.error(`[races] ${a.status} ${JSON.stringify(a.json)}`);
  return answers.map((a) => a.status);
}

describe("twenty parallel requests of one kind", () => {
  const cases: [string, string, unknown, string][] = [
    ["collect (runs)", "families/[familyId]/runs", { action: "collect" }, "collect"],
    ["collect (probes)", "families/[familyId]/probes/collect", undefined, "collect"],
    ["checkout (runs)", "families/[familyId]/runs", { action: "checkout" }, "checkout"],
    ["checkout (evidence)", "families/[familyId]/evidence/checkout", undefined, "checkout"],
    ["calibrate", "families/[familyId]/runs", { action: "calibrate" }, "calibrate"],
    ["replay (the calibration matrix)", "families/[familyId]/histories/replay", undefined, "any"],
    ["oracle audit", "families/[familyId]/oracle-audit", undefined, "oracle_audit"],
  ];
  for (const [name, rel, body, kind] of cases) {
    it(`${name}: as many runs as one request makes`, async () => {
      // One family asked once, another asked twenty times at once: the same runs.
      const [once, raced] = [await makeDemoFamily([userId]), await makeDemoFamily([userId])];
      try {
        expect((await parallel(rel, { familyId: once.family.id }, body, 1))[0]).toBe(201);
        const statuses = await parallel(rel, { familyId: raced.family.id }, body, PARALLEL);
        expect(statuses.every((s) => s === 201), `statuses ${statuses.join(",")}`).toBe(true);
        const [one, many] = [await runsOf(once.family.id, kind), await runsOf(raced.family.id, kind)];
        expect(one).toBeGreaterThan(0);
        expect(many, `${PARALLEL} parallel requests made ${many} ${kind} runs; one request makes ${one}`).toBe(one);
      } finally {
        once.cleanup();
        raced.cleanup();
      }
    }, 60_000);
  }

  it("grading: as many grade runs as one request makes", async () => {
    const suite = await db().suite.create({ data: { name: "races-eval" } });
    const built = await buildDemoFamily(db(), { suiteId: suite.id, repo: demo.repo });
    const hash = await packageForGrading(built.family.id, userId);
    const gold = (await db().patch.findFirstOrThrow({ where: { familyId: built.family.id, kind: "gold" } })).diff;
    const evaluation = await createEvaluation(userId, { name: "races", packageHashes: [hash], primaryBudgetSec: 1200 });
    const text = CONDITIONS.map((c) => JSON.stringify({ instance_id: `secret-lookup-v1__${c}`, model_name_or_path: "m", model_patch: gold, scaffold: "s" })).join("\n");
    await importResults(userId, evaluation.id, { format: "predictions", text, scaffold: "s" });
    const statuses = await parallel("evaluations/[evaluationId]/grade", { evaluationId: evaluation.id }, undefined);
    expect(statuses.every((s) => s === 201), `statuses ${statuses.join(",")}`).toBe(true);
    expect(await db().run.count({ where: { kind: "grade", packageHash: hash } })).toBe(1); // one patch, one package: one run
  }, 60_000);
});
