// Issue 12 item 6 on a real database: the path gate fails on scaffold drafts, on
// leak-lint hits unless a curator waived that one hit with a reason (audited), and
// on a paraphrase that is direct with one word changed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeSuite, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { getGateReport } from "@/lib/families/get-gate-report";
import { createRevision } from "@/lib/histories/create-revision";
import * as waivers from "@/app/api/families/[familyId]/histories/[condition]/revisions/[number]/leak-waivers/route";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let tmp: string;
let curator: { id: string };
let familyId: string;

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-text-"));
  curator = await makeUser(["curator"]);
  const suite = await makeSuite();
  familyId = (await buildDemoFamily(db(), { suiteId: suite.id, repo: createDemoRepo(path.join(tmp, "repo")), complete: true, curatorIds: [curator.id] })).family.id;
});
afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

const gate = async (key: string) => (await getGateReport(familyId)).stages.find((s) => s.stage === "paths")!.gates.find((g) => g.key === key)!;
const turnOf = async (condition: string, index = 0) =>
  db().turn.findFirstOrThrow({ where: { index, revision: { number: 1, history: { familyId, condition: condition as never } } } });
const setText = async (condition: string, text: string, index = 0) => db().turn.update({ where: { id: (await turnOf(condition, index)).id }, data: { text } });
const waive = (condition: string, body: unknown) =>
  callRoute(waivers.POST, { method: "POST", userId: curator.id, params: { familyId, condition, number: "1" }, body });

describe("the path gate reads the visible text", () => {
  it("passes the demo's finished text", async () => {
    expect(await gate("visible_text")).toMatchObject({ status: "pass" });
    expect(await gate("paraphrase")).toMatchObject({ status: "pass" });
  });

  it("fails on an untouched scaffold draft", async () => {
    const original = (await turnOf("split")).text;
    await setText("split", "[draft] Activate these across turns: a required lookup raises.");
    const g = await gate("visible_text");
    expect(g.status).toBe("fail");
    expect(g.missing).toContain("split: turn 1 still carries the scaffold's [draft] text; rewrite it.");
    await setText("split", original);
  });

  it("fails on a leak-lint hit until a curator waives that hit with a reason", async () => {
    const original = (await turnOf("split")).text;
    await setText("split", `${original} This activates A1 and A2.`);
    let g = await gate("visible_text");
    expect(g.status).toBe("fail");
    expect(g.missing).toMatch(/split: Turn 1 names atom A1/);

    expect((await waive("split", { turn: 1, kind: "atom_key", match: "A1", reason: "" })).status).toBe(400);
    const missing = await waive("split", { turn: 1, kind: "atom_key", match: "A7", reason: "a paper size" });
    expect(missing.status).toBe(422);
    expect(missing.json.error).toMatch(/has no atom_key hit "A7"/);

    const one = await waive("split", { turn: 1, kind: "atom_key", match: "A1", reason: "test fixture: the curator says it is fine" });
    expect(one.status).toBe(201);
    expect(one.json.waivers).toEqual([{ turn: 1, kind: "atom_key", match: "A1", reason: "test fixture: the curator says it is fine" }]);
    g = await gate("visible_text");
    expect(g.status).toBe("fail"); // A2 is still a hit: a waiver covers one hit only
    expect(g.missing).not.toMatch(/names atom A1/);
    expect(g.missing).toMatch(/names atom A2/);

    expect((await waive("split", { turn: 1, kind: "atom_key", match: "A2", reason: "same" })).status).toBe(201);
    g = await gate("visible_text");
    expect(g).toMatchObject({ status: "pass" });
    expect(g.evidence).toContainEqual({ label: "waived leak-lint hits", detail: "2" });
    expect(await db().auditEvent.count({ where: { familyId, action: "leak_waiver.set" } })).toBe(2);

    // Sent to review and reopened as revision 2: the copy keeps the waivers, so the gate stays green.
    const r1 = await db().historyRevision.findFirstOrThrow({ where: { number: 1, history: { familyId, condition: "split" } } });
    await db().historyRevision.update({ where: { id: r1.id }, data: { status: "in_review" } });
    const r2 = await createRevision(curator.id, familyId, "split");
    expect(r2.waivers).toHaveLength(2);
    expect(await gate("visible_text")).toMatchObject({ status: "pass" });
    await db().historyRevision.delete({ where: { id: r2.id } });
    await db().historyRevision.update({ where: { id: r1.id }, data: { status: "draft" } });
    await setText("split", original);
  });

  it("fails a paraphrase that is direct with one word changed", async () => {
    const direct = (await turnOf("direct")).text;
    await setText("paraphrase_direct", direct.replace("Please change it", "Please alter it"));
    const g = await gate("paraphrase");
    expect(g.status).toBe("fail");
    expect(g.missing).toMatch(/The paraphrase shares \d+% of its word set with direct \(token-set similarity\); a paraphrase stays below 70%/);
  });
});
