// The evidence of an admitted family: per-file view, slice decisions with their reasons,
// anchors, and the gold / hidden-test patches cut from the slice.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { runGit } from "@/lib/git/run-git";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeSuite, makeUser } from "@/lib/testing/factories";
import { initRepo } from "@/lib/git/testing/temp-repo";
import { importSettled, startImportWorker } from "@/workers/testing/import-worker";
import { startImport } from "@/lib/anchoring/imports/start-import";
import { admitCandidate } from "@/lib/anchoring/screening/admit-candidate";
import * as evidenceRoute from "@/app/api/families/[familyId]/evidence/route";
import * as gatesRoute from "@/app/api/families/[familyId]/gates/[stage]/route";
import * as sliceRoute from "@/app/api/families/[familyId]/evidence/slice/route";
import * as fileRoute from "@/app/api/families/[familyId]/diff-files/[fileId]/route";
import * as anchorsRoute from "@/app/api/families/[familyId]/anchors/route";
import * as anchorRoute from "@/app/api/families/[familyId]/anchors/[anchorId]/route";

process.env.NEXTAUTH_SECRET ??= "test-secret";

const CALC_BASE = Array.from({ length: 40 }, (_, i) => `LINE_${i + 1} = ${i + 1}\n`).join("");
const CALC_MERGE = CALC_BASE.replace("LINE_2 = 2\n", "LINE_2 = 'two'\n").replace("LINE_38 = 38\n", "LINE_38 = 'thirty-eight'\n");
const TEST = "from src.calc import LINE_2\n\ndef test_two():\n    assert LINE_2 == 'two'\n";

let tmp: string;
let repoDir: string;
let baseCommit: string;
let curator: { id: string };
let familyId: string;
let files: Record<string, { id: string; version: number }>;

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-evidence-"));
  process.env.STUDIO_DATA_DIR = path.join(tmp, "data");
  const repo = await initRepo(path.join(tmp, "calc"));
  repoDir = repo.dir;
  await repo.write({ "src/calc.py": CALC_BASE, "README.md": "# calc\n" });
  baseCommit = await repo.commit("Initial");
  await repo.write({ "src/calc.py": CALC_MERGE, "tests/test_calc.py": TEST, "README.md": "# calc\n\nWords.\n", "docs/logo.png": new Uint8Array([137, 80, 78, 71, 0, 1, 2]) });
  await repo.commit("Spell out two and thirty-eight");

  curator = await makeUser(["curator"]);
  const worker = await startImportWorker();
  const suite = await makeSuite();
  const job = await startImport(curator.id, suite.id, { source: "local", repo: repo.dir });
  await importSettled(job.id);
  await worker.stop();
  const candidate = await db().candidate.findFirstOrThrow({ where: { suiteId: suite.id } });
  familyId = (await admitCandidate(curator.id, suite.id, candidate.id, {})).familyId;
  const rows = await db().diffFile.findMany({ where: { familyId } });
  files = Object.fromEntries(rows.map((f) => [f.path, { id: f.id, version: f.version }]));
});

afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

const as = { userId: "" };
const patchFile = (fileId: string, body: Record<string, unknown>) =>
  callRoute(fileRoute.PATCH, { method: "PATCH", userId: curator.id, params: { familyId, fileId }, body });
const getFile = (fileId: string) => callRoute(fileRoute.GET, { userId: curator.id, params: { familyId, fileId }, path: "/api/x?contents=1" });

describe("evidence view", () => {
  it("lists the evidence and the files without the diff text", async () => {
    const res = await callRoute(evidenceRoute.GET, { userId: curator.id, params: { familyId } });
    expect(res.status).toBe(200);
    const body = res.json as unknown as { evidence: Record<string, unknown>; files: { path: string; kind: string; inSlice: boolean }[]; slice: unknown; family: Record<string, unknown> };
    expect(body.family).toMatchObject({ repo: repoDir, baseCommit, source: "local" });
    expect(body.evidence).toMatchObject({ prTitle: "Spell out two and thirty-eight", reviewThreads: [] });
    expect(body.evidence).not.toHaveProperty("diff");
    expect(body.evidence.diffBytes).toBeGreaterThan(200);
    expect(body.files.map((f) => [f.path, f.kind, f.inSlice])).toEqual([
      ["README.md", "other", false], ["docs/logo.png", "other", false], ["src/calc.py", "source", true], ["tests/test_calc.py", "test", true],
    ]);
    expect(body.slice).toEqual({ goldPatch: null, hiddenTests: false });
    const reviewer = await makeUser(["reviewer"]);
    expect((await callRoute(evidenceRoute.GET, { userId: reviewer.id, params: { familyId } })).status).toBe(403);
    void as;
  });

  it("gives one file's hunks with line numbers and its text at base and merge", async () => {
    const res = await getFile(files["src/calc.py"]!.id);
    expect(res.status).toBe(200);
    const body = res.json as unknown as { hunks: { header: string; lines: { kind: string; oldLine: number | null; newLine: number | null; text: string }[] }[]; original: string; modified: string; language: string; status: string };
    expect(body).toMatchObject({ original: CALC_BASE, modified: CALC_MERGE, language: "python", status: "modified" });
    expect(body.hunks.map((h) => h.header)).toEqual(["@@ -1,5 +1,5 @@", "@@ -35,6 +35,6 @@ LINE_34 = 34"]);
    expect(body.hunks[1]!.lines.find((l) => l.kind === "add")).toEqual({ kind: "add", text: "LINE_38 = 'thirty-eight'", oldLine: null, newLine: 38 });
  });

  it("answers, with ?open=, the evidence and the view of the file the page opens first, as the file's own route answers it", async () => {
    const getOpen = (open: string, userId = curator.id) =>
      callRoute(evidenceRoute.GET, { userId, params: { familyId }, path: `/api/x?open=${encodeURIComponent(open)}` });
    const plain = await callRoute(evidenceRoute.GET, { userId: curator.id, params: { familyId } });
    const opened = await getOpen("");
    expect(opened.status).toBe(200);
    const { opened: first, ...rest } = opened.json as unknown as { opened: { file: { path: string } } };
    expect(rest).toEqual(plain.json);
    // Without a path: the first source file in the slice, texts included.
    expect(first).toEqual((await getFile(files["src/calc.py"]!.id)).json);
    expect(first).toMatchObject({ original: CALC_BASE, modified: CALC_MERGE });
    expect(((await getOpen("tests/test_calc.py")).json as unknown as typeof opened.json & { opened: { file: { path: string }; modified: string } }).opened)
      .toMatchObject({ file: { path: "tests/test_calc.py" }, modified: TEST });
    expect(((await getOpen("no/such/file.py")).json as unknown as { opened: { file: { path: string } } }).opened.file.path).toBe("src/calc.py");
    // A reviewer gets neither the evidence nor a file of it.
    const reviewer = await makeUser(["reviewer"]);
    expect((await getOpen("", reviewer.id)).status).toBe(403);
    expect((await callRoute(fileRoute.GET, { userId: reviewer.id, params: { familyId, fileId: files["src/calc.py"]!.id }, path: "/api/x?contents=1" })).status).toBe(403);
    expect((await callRoute(fileRoute.GET, { userId: curator.id, params: { familyId: "nosuchfamily", fileId: files["src/calc.py"]!.id } })).status).toBe(404);
  });

  it("gives a file's view as it stands after a change, though its answer is kept", async () => {
    const readme = files["README.md"]!;
    expect((await getFile(readme.id)).json).toMatchObject({ file: { kind: "other", version: readme.version } });
    const changed = await patchFile(readme.id, { version: readme.version, kind: "test" });
    expect(changed.status).toBe(200);
    expect((await getFile(readme.id)).json).toMatchObject({ file: { kind: "test", version: readme.version + 1 } });
    const back = await patchFile(readme.id, { version: readme.version + 1, kind: "other" });
    expect(back.json).toMatchObject({ kind: "other", version: readme.version + 2 });
    readme.version += 2;
    expect((await getFile(readme.id)).json).toMatchObject({ file: { kind: "other", version: readme.version } });
  });

  it("shows a binary file as binary, never as text", async () => {
    const res = await getFile(files["docs/logo.png"]!.id);
    expect(res.json).toMatchObject({ hunks: [], original: null, modified: null, contentNote: "Binary file: its contents are not shown.", file: { binary: true } });
  });
});

describe("slice decisions", () => {
  it("refuses to take a file out of the slice without a reason, naming the field, and changes nothing", async () => {
    const file = files["src/calc.py"]!;
    const res = await patchFile(file.id, { version: file.version, inSlice: false });
    expect(res.status).toBe(400);
    expect(res.json.fieldErrors).toEqual({ reason: ["is required: say why this file is out of the behavioral slice"] });
    expect(res.json.error).toMatch(/reason/);
    const blank = await patchFile(file.id, { version: file.version, inSlice: false, reason: "   " });
    expect(blank.status).toBe(400);
    expect(await db().diffFile.findUniqueOrThrow({ where: { id: file.id } })).toMatchObject({ inSlice: true, version: file.version });
  });

  it("needs a reason for each hunk taken out, and knows which hunks exist", async () => {
    const file = files["src/calc.py"]!;
    const noReason = await patchFile(file.id, { version: file.version, hunks: [{ index: 1, inSlice: false }] });
    expect(noReason.status).toBe(400);
    expect(noReason.json.fieldErrors).toEqual({ "hunks.1.reason": ["is required: say why hunk 2 is out of the behavioral slice"] });
    const unknown = await patchFile(file.id, { version: file.version, hunks: [{ index: 7, inSlice: false, reason: "x" }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors).toHaveProperty("hunks.0.index");

    const ok = await patchFile(file.id, { version: file.version, hunks: [{ index: 1, inSlice: false, reason: "unrelated rename of a constant" }] });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ inSlice: true, version: file.version + 1, hunks: [{ index: 0, inSlice: true, reason: null }, { index: 1, inSlice: false, reason: "unrelated rename of a constant" }] });
    file.version++;

    const stale = await patchFile(file.id, { version: file.version - 1, kind: "other" });
    expect(stale.status).toBe(409);
    expect(stale.json.current).toMatchObject({ version: file.version, kind: "source" });

    const event = await db().auditEvent.findFirstOrThrow({ where: { action: "diff_file.update", entityId: file.id } });
    expect(event).toMatchObject({ actorId: curator.id, familyId });
    expect(event.before).toMatchObject({ hunks: [{ inSlice: true }, { inSlice: true }] });
    expect(event.after).toMatchObject({ hunks: [{ inSlice: true }, { inSlice: false, reason: "unrelated rename of a constant" }] });
  });

  it("lets the curator correct a classification and keeps the stored reason when a file goes out", async () => {
    const readme = files["README.md"]!;
    const kind = await patchFile(readme.id, { version: readme.version, kind: "source" });
    expect(kind.json).toMatchObject({ kind: "source", inSlice: false, reason: "documentation or project configuration, not behavior" });
    const back = await patchFile(readme.id, { version: readme.version + 1, kind: "other" });
    expect(back.json).toMatchObject({ kind: "other", version: readme.version + 2 });
    readme.version += 2;
  });
});

describe("use slice as gold / hidden tests", () => {
  it("writes the gold patch and the verifier's hidden tests, both applying to the base without fuzz", async () => {
    const res = await callRoute(sliceRoute.POST, { method: "POST", userId: curator.id, params: { familyId } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ gold: { files: ["src/calc.py"] }, hiddenTests: { files: ["tests/test_calc.py"] } });
    const gold = await db().patch.findFirstOrThrow({ where: { familyId, kind: "gold" } });
    const verifier = await db().verifier.findUniqueOrThrow({ where: { familyId } });
    expect(gold.diff).toContain("+LINE_2 = 'two'");
    expect(gold.diff).not.toContain("thirty-eight"); // hunk 2 is out of the slice
    expect(verifier.hiddenTestPatch).toContain("+def test_two():");

    const work = path.join(tmp, "apply-check");
    await runGit(["clone", "-q", repoDir, work]);
    await runGit(["checkout", "-q", baseCommit], { cwd: work });
    await runGit(["apply", "--check", "-"], { cwd: work, input: gold.diff });
    await runGit(["apply", "--check", "-"], { cwd: work, input: verifier.hiddenTestPatch });

    const again = await callRoute(sliceRoute.POST, { method: "POST", userId: curator.id, params: { familyId } });
    expect(again.status).toBe(201);
    expect(await db().patch.findMany({ where: { familyId, kind: "gold" }, select: { version: true } })).toEqual([{ version: 2 }]);
    expect((await db().verifier.findUniqueOrThrow({ where: { familyId } })).version).toBe(2);
    expect(await db().auditEvent.count({ where: { familyId, action: "slice.apply" } })).toBe(2);
  });

  it("refuses a slice without tests, or with a binary file it cannot carry", async () => {
    const test = files["tests/test_calc.py"]!;
    await patchFile(test.id, { version: test.version, inSlice: false, reason: "trying" });
    const noTests = await callRoute(sliceRoute.POST, { method: "POST", userId: curator.id, params: { familyId } });
    expect(noTests.status).toBe(422);
    expect(noTests.json.error).toBe("No test change is in the slice: the hidden test patch would be empty.");
    await patchFile(test.id, { version: test.version + 1, inSlice: true });
    test.version += 2;

    const logo = files["docs/logo.png"]!;
    expect((await patchFile(logo.id, { version: logo.version, inSlice: true })).status).toBe(200);
    const binary = await callRoute(sliceRoute.POST, { method: "POST", userId: curator.id, params: { familyId } });
    expect(binary.status).toBe(422);
    expect(binary.json.error).toMatch(/^docs\/logo.png is a binary file in the slice/);
    await patchFile(logo.id, { version: logo.version + 1, inSlice: false, reason: "an image" });
    logo.version += 2;
  });
});

describe("evidence anchors", () => {
  it("saves a diff range or a quote, refuses incomplete ones, and deletes them with an audit trail", async () => {
    const post = (body: Record<string, unknown>) => callRoute(anchorsRoute.POST, { userId: curator.id, params: { familyId }, body });
    const missing = await post({ source: "diff", quote: "LINE_2 = 'two'" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fieldErrors ?? {}).sort()).toEqual(["filePath", "lineStart"]);
    const elsewhere = await post({ source: "diff", filePath: "src/nope.py", lineStart: 1, quote: "x" });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.json.fieldErrors).toHaveProperty("filePath");

    const diff = await post({ source: "diff", filePath: "src/calc.py", lineStart: 2, lineEnd: 2, quote: "LINE_2 = 'two'" });
    expect(diff.status).toBe(201);
    expect(diff.json).toMatchObject({ source: "diff", filePath: "src/calc.py", lineStart: 2, lineEnd: 2, createdBy: { id: curator.id } });
    const quote = await post({ source: "description", quote: "Spell out two" });
    expect(quote.status).toBe(201);

    const listed = await callRoute(anchorsRoute.GET, { userId: curator.id, params: { familyId } });
    expect((listed.json as unknown as unknown[]).length).toBe(2);
    const removed = await callRoute(anchorRoute.DELETE, { method: "DELETE", userId: curator.id, params: { familyId, anchorId: String(quote.json.id) } });
    expect(removed.status).toBe(200);
    expect(await db().evidenceAnchor.count({ where: { familyId } })).toBe(1);
    expect(await db().auditEvent.findMany({ where: { familyId, entity: "EvidenceAnchor" }, select: { action: true } })).toEqual([
      { action: "evidence_anchor.create" }, { action: "evidence_anchor.create" }, { action: "evidence_anchor.delete" },
    ]);
  });
});

describe("anchoring gate panel", () => {
  it("reports the anchoring gates, waiting on the queued base checkout and on text beyond the diff", async () => {
    const res = await callRoute(gatesRoute.GET, { userId: curator.id, params: { familyId, stage: "anchoring" } });
    const body = res.json as unknown as { stage: { status: string; gates: { key: string; status: string }[] }; checkout: { status: string } };
    expect(body.checkout.status).toBe("queued");
    expect(body.stage.gates.map((g) => [g.key, g.status])).toEqual([
      ["provenance", "pending"], ["checkout", "pending"], ["evidence", "pending"], ["slice", "pass"], ["exclusions", "pass"],
    ]);
    // A commit without a body gave no description: the curator pastes the linked issue.
    const evidence = await db().evidence.findUniqueOrThrow({ where: { familyId } });
    const stale = await callRoute(evidenceRoute.PATCH, { method: "PATCH", userId: curator.id, params: { familyId }, body: { version: evidence.version + 1, issueTitle: "x" } });
    expect(stale.status).toBe(409);
    const pasted = await callRoute(evidenceRoute.PATCH, {
      method: "PATCH", userId: curator.id, params: { familyId }, body: { version: evidence.version, issueTitle: "#4 Constants should be spelled out", issueBody: "LINE_2 should read 'two'." },
    });
    expect(pasted.json).toMatchObject({ issueTitle: "#4 Constants should be spelled out", version: evidence.version + 1 });
    expect(await db().auditEvent.count({ where: { familyId, action: "evidence.update" } })).toBe(1);
    await db().run.updateMany({ where: { familyId, kind: "checkout" }, data: { status: "passed", message: "ok" } });
    const after = await callRoute(gatesRoute.GET, { userId: curator.id, params: { familyId, stage: "anchoring" } });
    expect((after.json as unknown as { stage: { status: string } }).stage.status).toBe("pass");
    // One route serves every stage; an unknown stage is refused by name.
    const unknown = await callRoute(gatesRoute.GET, { userId: curator.id, params: { familyId, stage: "evidence" } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fieldErrors).toHaveProperty("stage");
    const calibration = await callRoute(gatesRoute.GET, { userId: curator.id, params: { familyId, stage: "calibration" } });
    // Reconciliation is not green in this family yet: calibration is shown locked, its own verdict beside it.
    expect(calibration.json).toMatchObject({ stage: { stage: "calibration", status: "pending", locked: true }, status: "pending" });
  });
});
