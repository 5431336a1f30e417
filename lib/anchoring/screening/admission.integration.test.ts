// Admission: a candidate becomes a task family with its evidence, or is refused with nothing written.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeSuite, makeUser } from "@/lib/testing/factories";
import { createDemoRepo, type DemoRepo } from "@/lib/demo/demo-repo";
import { initRepo } from "@/lib/git/testing/temp-repo";
import { loadExchanges, startReplayServer } from "@/lib/anchoring/github/testing/replay-server";
import { importSettled, useImportWorker } from "@/workers/testing/import-worker";
import { startImport } from "@/lib/anchoring/imports/start-import";
import { getDiffFile, MAX_DIFF_LINES } from "@/lib/anchoring/evidence/get-diff-file";
import * as admitRoute from "@/app/api/suites/[suiteId]/candidates/[candidateId]/admit/route";
import * as rejectRoute from "@/app/api/suites/[suiteId]/candidates/[candidateId]/reject/route";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let tmp: string;
let demo: DemoRepo;
let curator: { id: string };

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-admission-"));
  process.env.STUDIO_DATA_DIR = path.join(tmp, "data");
  demo = createDemoRepo(path.join(tmp, "vault-lite"));
  curator = await makeUser(["curator"]);
});
useImportWorker();

afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function importInto(suiteId: string, repo: string) {
  const job = await startImport(curator.id, suiteId, { source: "local", repo });
  await importSettled(job.id);
  return db().candidate.findMany({ where: { suiteId }, orderBy: { createdAt: "asc" } });
}

const admit = (suiteId: string, candidateId: string, body: Record<string, unknown> = {}) =>
  callRoute(admitRoute.POST, { userId: curator.id, params: { suiteId, candidateId }, body });
const reject = (suiteId: string, candidateId: string, body: Record<string, unknown>) =>
  callRoute(rejectRoute.POST, { userId: curator.id, params: { suiteId, candidateId }, body });

describe("admission", () => {
  it("creates a family pinned to base and merge commit, with evidence, diff files and a queued base checkout", async () => {
    const suite = await makeSuite();
    const candidates = await importInto(suite.id, demo.dir);
    const good = candidates.find((c) => c.kept)!;

    const res = await admit(suite.id, good.id, { version: good.version });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ title: "Split secret lookup into required and optional", checkoutQueued: true });
    const familyId = String(res.json.familyId);

    const family = await db().taskFamily.findUniqueOrThrow({
      where: { id: familyId },
      include: { evidence: true, curators: true, diffFiles: { orderBy: { position: "asc" } }, runs: true },
    });
    expect(family).toMatchObject({
      suiteId: suite.id, candidateId: good.id, repo: demo.dir, prNumber: 13, baseCommit: demo.baseCommit, mergeCommit: demo.mergeCommit, frozen: false,
    });
    expect(family.curators.map((c) => c.userId)).toEqual([curator.id]);
    expect(family.evidence).toMatchObject({ prTitle: "Split secret lookup into required and optional", issueTitle: "", reviewThreads: [] });
    expect(family.evidence!.prBody).toMatch(/^Fixes #12: a missing required secret now raises SecretNotFoundError/);
    expect(family.evidence!.diff).toMatch(/^diff --git a\/src\/secrets.js b\/src\/secrets.js/);
    expect(family.diffFiles.map((f) => [f.path, f.kind, f.inSlice, f.reason, f.binary])).toEqual([
      ["src/secrets.js", "source", true, null, false],
      ["test/secrets.test.js", "test", true, null, false],
    ]);
    expect(family.diffFiles[1]!.hunks).toEqual([{ index: 0, inSlice: true, reason: null }]);
    expect(family.runs.map((r) => [r.kind, r.status])).toEqual([["checkout", "queued"]]);
    expect(await db().candidate.findUniqueOrThrow({ where: { id: good.id } })).toMatchObject({ status: "admitted", version: good.version + 1 });

    const events = await db().auditEvent.findMany({ where: { familyId }, orderBy: { id: "asc" } });
    expect(events.map((e) => e.action)).toEqual(["candidate.admit", "family.create", "runs.request"]);
    expect(events.every((e) => e.actorId === curator.id)).toBe(true);
  });

  it("refuses to admit the same pull request twice in a suite, also after a new import", async () => {
    const suite = await makeSuite();
    const good = (await importInto(suite.id, demo.dir)).find((c) => c.kept)!;
    expect((await admit(suite.id, good.id)).status).toBe(201);
    const twice = await admit(suite.id, good.id);
    expect(twice.status).toBe(409);
    expect(twice.json.error).toBe('This pull request was already admitted to this suite as "Split secret lookup into required and optional".');

    const again = (await importInto(suite.id, demo.dir)).find((c) => c.kept)!;
    expect(again.id).toBe(good.id);
    expect((await admit(suite.id, again.id)).status).toBe(409);
    expect(await db().taskFamily.count({ where: { suiteId: suite.id } })).toBe(1);
  });

  it("refuses a pull request that is already a family of the suite under another candidate", async () => {
    const suite = await makeSuite();
    await db().taskFamily.create({ data: { suiteId: suite.id, title: "Seeded", repo: demo.dir, baseCommit: demo.baseCommit, mergeCommit: demo.mergeCommit } });
    const good = (await importInto(suite.id, demo.dir)).find((c) => c.kept)!;
    const res = await admit(suite.id, good.id);
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/already a task family in this suite/);
    expect(await db().candidate.findUniqueOrThrow({ where: { id: good.id } })).toMatchObject({ status: "screened" });
  });

  it("needs a written reason to admit what the automatic gate dropped, and to reject", async () => {
    const suite = await makeSuite();
    const candidates = await importInto(suite.id, demo.dir);
    const docs = candidates.find((c) => c.title === "docs: usage notes")!;
    const bare = await admit(suite.id, docs.id);
    expect(bare.status).toBe(400);
    expect(bare.json.fieldErrors).toEqual({ overrideReason: ["is required to admit a candidate the automatic gate did not keep"] });

    const noReason = await reject(suite.id, docs.id, { reason: "   " });
    expect(noReason.status).toBe(400);
    expect(noReason.json.fieldErrors).toHaveProperty("reason");
    const rejected = await reject(suite.id, docs.id, { reason: "documentation only", version: docs.version });
    expect(rejected.status).toBe(201);
    expect(rejected.json).toMatchObject({ status: "rejected", statusReason: "documentation only", version: docs.version + 1 });
    const stale = await reject(suite.id, docs.id, { reason: "again", version: docs.version });
    expect(stale.status).toBe(409);
    expect(stale.json.current).toMatchObject({ status: "rejected" });

    const good = candidates.find((c) => c.kept)!;
    await admit(suite.id, good.id);
    const late = await reject(suite.id, good.id, { reason: "changed my mind" });
    expect(late.status).toBe(409);
    expect(await db().auditEvent.count({ where: { action: "candidate.reject", entityId: docs.id } })).toBe(1);
    expect(await db().taskFamily.count({ where: { suiteId: suite.id } })).toBe(1);
  });

  it("says which commit does not exist and leaves nothing behind", async () => {
    const suite = await makeSuite();
    const good = (await importInto(suite.id, demo.dir)).find((c) => c.kept)!;
    const missing = "f".repeat(40);
    await db().candidate.update({ where: { id: good.id }, data: { mergeCommit: missing } });
    const res = await admit(suite.id, good.id);
    expect(res.status).toBe(422);
    expect(res.json.error).toBe(`The evidence cannot be captured: commit not found in ${demo.dir}: ${missing}`);
    expect(await db().taskFamily.count({ where: { suiteId: suite.id } })).toBe(0);
    expect(await db().candidate.findUniqueOrThrow({ where: { id: good.id } })).toMatchObject({ status: "screened" });
  });

  it("classifies every file: generated and other files start out of the slice with a reason, binaries stay binary", async () => {
    const repo = await initRepo(path.join(tmp, "mixed"));
    await repo.write({ "src/calc.py": "def add(a, b):\n    return a + b\n", "README.md": "# calc\n", "package-lock.json": "{}\n" });
    await repo.commit("Initial");
    await repo.write({
      "src/calc.py": "def add(a, b):\n    return int(a) + int(b)\n",
      "tests/test_calc.py": "from src.calc import add\n\ndef test_add_strings():\n    assert add('1', '2') == 3\n",
      "README.md": "# calc\n\nAdds numbers, also given as strings.\n",
      "package-lock.json": '{ "lockfileVersion": 3 }\n',
      "docs/logo.png": new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13]),
    });
    await repo.commit("Accept numeric strings in add");
    const suite = await makeSuite();
    const candidate = (await importInto(suite.id, repo.dir)).at(-1)!;
    expect(candidate.kept).toBe(true);
    const res = await admit(suite.id, candidate.id);
    expect(res.status).toBe(201);
    const files = await db().diffFile.findMany({ where: { familyId: String(res.json.familyId) }, orderBy: { position: "asc" } });
    expect(files.map((f) => [f.path, f.kind, f.inSlice, f.reason, f.binary])).toEqual([
      ["README.md", "other", false, "documentation or project configuration, not behavior", false],
      ["docs/logo.png", "other", false, "documentation or project configuration, not behavior", true],
      ["package-lock.json", "generated", false, "generated file", false],
      ["src/calc.py", "source", true, null, false],
      ["tests/test_calc.py", "test", true, null, false],
    ]);
    expect(files[1]!.hunks).toEqual([]);
  });

  it("drops a 50,000-line pull request at the size step, and admits it when the curator insists", async () => {
    const repo = await initRepo(path.join(tmp, "huge"));
    await repo.write({ "src/table.py": "TABLE = []\n" });
    await repo.commit("Initial");
    const rows = Array.from({ length: 50_000 }, (_, i) => `    ${i},\n`).join("");
    await repo.write({ "src/table.py": `TABLE = [\n${rows}]\n`, "tests/test_table.py": "from src.table import TABLE\n\ndef test_size():\n    assert len(TABLE) == 50000\n" });
    await repo.commit("Fill the lookup table");
    const suite = await makeSuite();
    const candidate = (await importInto(suite.id, repo.dir)).at(-1)!;
    expect(candidate).toMatchObject({ kept: false, stepsPassed: ["found", "merged", "non_bot", "source_and_tests", "not_generated_dominated"] });
    expect(candidate.reasons).toEqual([{ step: "size_ok", message: "50007 lines changed outside generated files (limit 1500)" }]);
    const res = await admit(suite.id, candidate.id, { overrideReason: "a data table; the behavior is one test" });
    expect(res.status).toBe(201);
    expect(await db().candidate.findUniqueOrThrow({ where: { id: candidate.id } })).toMatchObject({ status: "admitted", statusReason: "a data table; the behavior is one test" });
    const familyId = String(res.json.familyId);
    const table = await db().diffFile.findFirstOrThrow({ where: { familyId, path: "src/table.py" } });
    expect(table).toMatchObject({ kind: "source", inSlice: true, additions: 50_002, deletions: 1 });

    // The evidence view stays usable: the plain diff is capped, the editor gets the whole file.
    const started = performance.now();
    const view = await getDiffFile(familyId, table.id, { contents: true });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(view.hunks.flatMap((h) => h.lines)).toHaveLength(MAX_DIFF_LINES);
    expect(view.notes).toEqual(["The plain view shows the first 20,000 lines of this file's diff."]);
    expect(view.modified?.split("\n")).toHaveLength(50_003);
  });

  it("captures a GitHub pull request's issue, review threads and diff", async () => {
    const server = await startReplayServer(await loadExchanges(
      "pulls-page-1", "pulls-page-2", "pull-101-files", "pull-101-comments", "pull-101-diff", "issue-12", "pull-103-files", "pull-103-comments", "pull-103-diff",
    ));
    process.env.GITHUB_API_URL = server.baseUrl;
    try {
      const suite = await makeSuite();
      const job = await startImport(curator.id, suite.id, { source: "github", repo: "acme/widgets", perPage: 2 });
      await importSettled(job.id);
      const pr = await db().candidate.findFirstOrThrow({ where: { suiteId: suite.id, prNumber: 101 } });
      const res = await admit(suite.id, pr.id);
      expect(res.status).toBe(201);
      const family = await db().taskFamily.findUniqueOrThrow({ where: { id: String(res.json.familyId) }, include: { evidence: true, diffFiles: { orderBy: { position: "asc" } } } });
      expect(family).toMatchObject({ repo: "https://github.com/acme/widgets", prNumber: 101, title: "Wrap day-of-week into 0..6 in normalize_day" });
      expect(family.evidence).toMatchObject({ issueTitle: "#12 normalize_day(7) returns 7 instead of wrapping to Monday" });
      const threads = family.evidence!.reviewThreads as { path: string; line: number; comments: { author: string }[] }[];
      expect(threads.map((t) => [t.path, t.line, t.comments.map((c) => c.author)])).toEqual([
        ["src/widgets/time.py", 15, ["bob-reviews", "alice-dev"]],
        ["tests/test_time.py", 7, ["bob-reviews"]],
      ]);
      expect(family.diffFiles.map((f) => [f.path, f.kind, f.inSlice, f.binary])).toEqual([
        ["docs/img/week.png", "other", false, true],
        ["src/widgets/time.py", "source", true, false],
        ["tests/test_time.py", "test", true, false],
      ]);
    } finally {
      delete process.env.GITHUB_API_URL;
      await server.close();
    }
  });
});
