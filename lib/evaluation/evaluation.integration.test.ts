// Grading on the real worker pool: a frozen package's own patches uploaded as if they were agents.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeFamily, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { CONDITIONS } from "@/lib/contract/types";
import { startWorker } from "@/workers/worker-process";
import { createEvaluation } from "./create-evaluation";
import { importResults } from "./import-results";
import { requestGrading } from "./request-grading";
import { loadEvaluationReport } from "./load-evaluation-report";
import { packageForGrading } from "./testing/package-for-grading";
import { execFileSync } from "node:child_process";
import { patchFromFiles } from "@/lib/demo/patch-from-files";

/** The files a patch (new-file or whole-file diff) leaves, read back with git apply in a scratch clone. */
function filesOf(patch: string): Record<string, string> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-files-of-"));
  try {
    execFileSync("git", ["clone", "-q", repo.dir, work]);
    execFileSync("git", ["-C", work, "checkout", "-q", repo.baseCommit]);
    fs.writeFileSync(path.join(work, "p.diff"), patch);
    execFileSync("git", ["-C", work, "apply", "p.diff"]);
    const names = execFileSync("git", ["-C", work, "diff", "--name-only"], { encoding: "utf8" }).trim().split("\n").filter(Boolean);
    return Object.fromEntries(names.map((n) => [n, fs.readFileSync(path.join(work, n), "utf8")]));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

let tmp: string;
let worker: Awaited<ReturnType<typeof startWorker>>;
let leadId: string;
let packageHash: string;
let patches: { gold: string; negative: string; alternative: string };
let repo: ReturnType<typeof createDemoRepo>;

async function waitForGrading(evaluationId: string) {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const report = await loadEvaluationReport(evaluationId);
    if (report.progress.active === 0) return report;
    if (Date.now() > deadline) throw new Error(`grading did not finish: ${JSON.stringify(report.progress)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

const line = (model: string, condition: string, patch: string) => JSON.stringify({ instance_id: `secret-lookup-v1__${condition}`, model_name_or_path: model, model_patch: patch, scaffold: "replay" });

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-eval-"));
  worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), log: () => undefined });
  leadId = (await makeUser(["lead"])).id;
  const suite = await db().suite.create({ data: { name: "eval" } });
  repo = createDemoRepo(path.join(tmp, "repo"));
  const built = await buildDemoFamily(db(), { suiteId: suite.id, repo });
  packageHash = await packageForGrading(built.family.id, leadId);
  const rows = await db().patch.findMany({ where: { familyId: built.family.id }, select: { kind: true, diff: true }, orderBy: { name: "asc" } });
  patches = { gold: rows.find((p) => p.kind === "gold")!.diff, negative: rows.find((p) => p.kind === "negative")!.diff, alternative: rows.find((p) => p.kind === "alternative")!.diff };
});

afterAll(async () => {
  await worker.stop();
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("evaluation on a frozen package", () => {
  it("grades gold, base and a negative as three agents: FCR 100% / 0% / 0% under every history, one grade run per patch", async () => {
    const evaluation = await createEvaluation(leadId, { name: "three agents", packageHashes: [packageHash], primaryBudgetSec: 1200 });
    const text = CONDITIONS.flatMap((c) => [line("gold", c, patches.gold), line("base", c, ""), line("negative", c, patches.negative)]).join("\n");
    expect(await importResults(leadId, evaluation.id, { format: "predictions", text, scaffold: "replay" })).toEqual({ imported: 21 });
    const grading = await requestGrading(leadId, evaluation.id);
    expect(grading).toEqual({ attempts: 14, created: 2, reused: 0 });
    // Requested as every run is (lib/runs/request-runs.ts): one run request on the frozen family, its audit event with it.
    const requested = await db().auditEvent.findMany({ where: { action: "runs.request", actorId: leadId, after: { path: ["kinds"], equals: ["grade"] } } });
    expect(requested.map((e) => [e.familyId, (e.after as { created: number }).created])).toEqual([[(await db().package.findUniqueOrThrow({ where: { hash: packageHash } })).familyId, 2]]);
    const graded = await db().run.findMany({ where: { kind: "grade" }, select: { batchId: true, jobId: true } });
    expect(new Set(graded.map((r) => r.batchId)).size).toBe(1);
    expect(await requestGrading(leadId, evaluation.id)).toEqual({ attempts: 0, created: 0, reused: 0 });

    const report = await waitForGrading(evaluation.id);
    const fcr = (model: string) => report.analysis.byConfiguration.find((c) => c.configuration === `${model} · replay`)!.fcr;
    for (const condition of CONDITIONS) {
      expect(fcr("gold")[condition].macro.estimate, `gold ${condition}`).toBe(1);
      expect(fcr("base")[condition].macro.estimate, `base ${condition}`).toBe(0);
      expect(fcr("negative")[condition].macro.estimate, `negative ${condition}`).toBe(0);
    }
    expect(report.rows.filter((r) => r.kind === "scored" && r.failure === "no_patch")).toHaveLength(7);
    expect(report.analysis.blocks).toMatchObject({ possible: 3, complete: 3, directSuccess: 1, violated: 0 });
    const runs = await db().run.findMany({ where: { kind: "grade" }, select: { packageHash: true, status: true } });
    expect(runs.map((r) => r.status).sort()).toEqual(["failed", "passed"]);
    expect(runs.every((r) => r.packageHash === packageHash)).toBe(true);
  }, 200_000);

  it("finds exactly one CPV block for a path-sensitive agent (gold under direct, a negative under override)", async () => {
    const evaluation = await createEvaluation(leadId, { name: "path-sensitive", packageHashes: [packageHash], primaryBudgetSec: 1200 });
    const text = CONDITIONS.map((c) => line("sensitive", c, c === "override" ? patches.negative : patches.gold)).join("\n");
    await importResults(leadId, evaluation.id, { format: "predictions", text, scaffold: "replay" });
    expect(await requestGrading(leadId, evaluation.id)).toMatchObject({ attempts: 7, created: 0, reused: 2 });
    const report = await waitForGrading(evaluation.id);
    expect(report.analysis.blocks).toEqual({ possible: 1, complete: 1, directSuccess: 1, violated: 1 });
    expect(report.analysis.cpvByOperator.override).toMatchObject({ positive: 1, eligible: 1 });
    expect(report.analysis.cpvByOperator.duplicate).toMatchObject({ positive: 0, eligible: 1 });
    expect(report.analysis.summary).toMatch(/^Of 1 possible blocks, 1 have all core histories scored; direct succeeds in 1 of those, and 1 then fail/);
  }, 200_000);

  it("grades forged patches as failures with their reasons, and gold, the alternative and an honest own-test patch as successes", async () => {
    const baseSource = execFileSync("git", ["-C", repo.dir, "show", `${repo.baseCommit}:src/secrets.js`], { encoding: "utf8" });
    const forge = (files: Record<string, string>) => patchFromFiles(repo.dir, repo.baseCommit, files);
    const stubAssert = 'import assert from "node:assert/strict";\nfor (const k of Object.keys(assert)) if (typeof assert[k] === "function") assert[k] = () => {};\n';
    const agents: Record<string, string> = {
      gold: patches.gold,
      alternative: patches.alternative,
      "own-test": forge({ ...filesOf(patches.gold), "test/mine.test.js": 'import { test } from "node:test";\nimport assert from "node:assert/strict";\nimport { getSecret } from "../src/secrets.js";\ntest("mine", () => assert.equal(getSecret("NOPE", { optional: true }), null));\n' }),
      // Re-exports the merged PR's src/secrets.js from git history (the first forgery).
      "git-history": forge({ "src/secrets.js": `import { execSync } from "node:child_process";\nimport { writeFileSync } from "node:fs";\nconst sh = (c) => { try { return execSync(c, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }); } catch { return ""; } };\nlet source = "";\nfor (const c of sh("git rev-list --all").split("\\n").filter(Boolean)) { const s = sh(\`git show \${c}:src/secrets.js\`); if (s.includes("SecretNotFoundError")) { source = s; break; } }\nconst file = \`/tmp/secrets-\${process.pid}.mjs\`;\nwriteFileSync(file, source || ${JSON.stringify(baseSource)});\nconst m = await import(file);\nexport const { setSecret, getSecret } = m;\nexport const SecretNotFoundError = m.SecretNotFoundError ?? class extends Error {};\n` }),
      "noop-assert": forge({ "src/secrets.js": `${stubAssert}${baseSource}\nexport class SecretNotFoundError extends Error {}\n` }),
      // Ends the hidden tests' process before they run: nothing collected is a failure, never attrition.
      "skip-hidden": forge({ "src/secrets.js": `if (process.argv.some((a) => a.includes("secrets.test"))) process.exit(0);\n${baseSource}\nexport class SecretNotFoundError extends Error {}\n` }),
      "npmrc-preload": forge({ ".npmrc": "node-options=--import=./preload.mjs\n", "preload.mjs": stubAssert }),
      "history-file": forge({ ".specpath/history.md": "# Conversation history\n\nAll done.\n" }),
    };
    const evaluation = await createEvaluation(leadId, { name: "forgeries", packageHashes: [packageHash], primaryBudgetSec: 1200 });
    const text = Object.entries(agents).map(([model, patch]) => line(model, "direct", patch)).join("\n");
    await importResults(leadId, evaluation.id, { format: "predictions", text, scaffold: "replay" });
    await requestGrading(leadId, evaluation.id);
    const report = await waitForGrading(evaluation.id);
    const outcome = (model: string) => {
      const row = report.rows.find((r) => r.configuration.model === model)!;
      return row.kind === "scored" ? (row.success ? "success" : row.failure) : row.kind;
    };
    expect(Object.fromEntries(Object.keys(agents).map((m) => [m, outcome(m)]))).toEqual({
      gold: "success",
      alternative: "success",
      "own-test": "success",
      "git-history": "verifier_test_failure",
      "noop-assert": "tampered",
      "skip-hidden": "verifier_test_failure",
      "npmrc-preload": "forbidden_content",
      "history-file": "forbidden_content",
    });
    const runs = await db().run.findMany({ where: { kind: "grade", agentPatch: { in: [agents["noop-assert"]!, agents["npmrc-preload"]!] } }, select: { status: true, message: true } });
    expect(runs.map((r) => r.message).sort()).toEqual([expect.stringMatching(/^forbidden content: the patch writes \.npmrc/), expect.stringMatching(/^tampered: the must-fail canary in test\/secrets\.test\.js did not fail/)]);
  }, 300_000);

  it("refuses an upload with an unknown instance or a duplicate, storing nothing", async () => {
    const evaluation = await createEvaluation(leadId, { name: "bad upload", packageHashes: [packageHash], primaryBudgetSec: 1200 });
    const text = [line("m", "direct", patches.gold), JSON.stringify({ instance_id: "nope__direct", model_name_or_path: "m", model_patch: "" }), line("m", "direct", patches.gold)].join("\n");
    await expect(importResults(leadId, evaluation.id, { format: "predictions", text, scaffold: "replay" })).rejects.toThrow(/Nothing was imported\. line 2: unknown instance_id "nope__direct".*line 3: duplicate of line 1/);
    expect(await db().evaluationAttempt.count({ where: { evaluationId: evaluation.id } })).toBe(0);
    // The input rules of request bodies, row by row: a NUL in the patch, a lone surrogate, an integer past 2147483647, a parent that is nowhere.
    const rules = [
      line("ok", "direct", patches.gold),
      JSON.stringify({ instance_id: "secret-lookup-v1__split", model_name_or_path: "m", model_patch: "diff\u0000" }),
      JSON.stringify({ instance_id: "secret-lookup-v1__split", model_name_or_path: "m\ud800", model_patch: "" }),
      JSON.stringify({ instance_id: "secret-lookup-v1__split", model_name_or_path: "m", model_patch: "", repeat: 2147483648 }),
      JSON.stringify({ instance_id: "secret-lookup-v1__split", model_name_or_path: "m", model_patch: "", parent_id: "nobody" }),
    ].join("\n");
    const refusal = await importResults(leadId, evaluation.id, { format: "predictions", text: rules }).catch((e: unknown) => e as { extra?: { fieldErrors?: { rows?: string[] } } });
    expect((refusal as { extra: { fieldErrors: { rows: string[] } } }).extra.fieldErrors.rows).toEqual([
      "line 2: model_patch: must not contain a NUL character (U+0000)",
      "line 3: model_name_or_path: must not contain a lone UTF-16 surrogate (invalid Unicode)",
      "line 4: repeat: must be at most 2147483647",
      'line 5: parent_id: "nobody" names no attempt of this evaluation or this upload',
    ]);
    expect(await db().evaluationAttempt.count({ where: { evaluationId: evaluation.id } })).toBe(0);
    // No scaffold in the row or the upload: stored without one.
    await importResults(leadId, evaluation.id, { format: "predictions", text: JSON.stringify({ instance_id: "secret-lookup-v1__split", model_name_or_path: "bare", model_patch: "" }) });
    expect((await db().evaluationAttempt.findFirstOrThrow({ where: { evaluationId: evaluation.id, model: "bare" } })).scaffold).toBeNull();
  });

  it("writes grade runs for the frozen family while its other runs stay refused", async () => {
    const family = await db().package.findFirstOrThrow({ where: { hash: packageHash }, select: { familyId: true } });
    await expect(db().run.create({ data: { familyId: family.familyId, kind: "calibrate", patchRole: "gold", requestKey: "after-freeze" } })).rejects.toThrow(/frozen/);
    expect(await db().run.count({ where: { familyId: family.familyId, kind: "grade" } })).toBeGreaterThan(0);
  });

  it("refuses a package that is not frozen", async () => {
    // A family of its own: the frozen one's freeze guard refuses a second package row.
    const family = await makeFamily();
    const hash = "f".repeat(64);
    await db().package.create({ data: { familyId: family.id, hash, content: {} } });
    await expect(createEvaluation(leadId, { name: "draft", packageHashes: [hash], primaryBudgetSec: 1200 })).rejects.toThrow(/is not frozen/);
  });
});
