// The histories API on a real PostgreSQL: scaffolding, saving with optimistic
// versions, immutability after review, new revisions, the path gate, audit events,
// and that reviewers get no hidden turn events from any of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeFamily, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import type { TTurn } from "@/lib/contract";
import * as list from "@/app/api/families/[familyId]/histories/route";
import * as scaffold from "@/app/api/families/[familyId]/histories/scaffold/route";
import * as gates from "@/app/api/families/[familyId]/gates/[stage]/route";
import * as replay from "@/app/api/families/[familyId]/histories/replay/route";
import * as revisions from "@/app/api/families/[familyId]/histories/[condition]/revisions/route";
import * as revision from "@/app/api/families/[familyId]/histories/[condition]/revisions/[number]/route";
import * as review from "@/app/api/families/[familyId]/histories/[condition]/revisions/[number]/send-to-review/route";
import type { THistoriesDto, TRevisionDto, TScaffoldResultDto } from "@/lib/schemas/histories";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
let reviewer: { id: string };
let lead: { id: string };
let familyId: string;

const turn = (text: string, events: Partial<Omit<TTurn, "text">> = {}): TTurn => ({
  text, activated: events.activated ?? [], deactivated: events.deactivated ?? [], restated: events.restated ?? [],
});

/** The demo family's catalog: A1, A2 final; A3 fixed; A4 temporary, replaced by A1 and A2. */
async function makeSecretsFamily() {
  const family = await makeFamily({ curatorIds: [curator.id] });
  const atoms = [
    { key: "A1", role: "final", statement: "A required lookup of a missing secret raises.", replacedBy: [] },
    { key: "A2", role: "final", statement: "An optional lookup of a missing secret returns null.", replacedBy: [] },
    { key: "A3", role: "fixed", statement: "An optional lookup of a present secret returns it.", replacedBy: [] },
    { key: "A4", role: "temporary", statement: "A lookup of a missing secret returns an empty string.", replacedBy: ["A1", "A2"] },
  ] as const;
  for (const [position, a] of atoms.entries()) {
    await db().atom.create({
      data: { familyId: family.id, key: a.key, role: a.role, statement: a.statement, replacedBy: [...a.replacedBy], position, status: "accepted",
        scope: "getSecret", inputCondition: "a lookup", observation: `observed ${a.key}` },
    });
  }
  await db().atom.create({ data: { familyId: family.id, key: "A5", role: "final", statement: "Rejected idea", status: "rejected", reason: "untestable", position: 9 } });
  await db().probe.create({ data: { familyId: family.id, testId: "required lookup of a missing secret throws SecretNotFoundError", position: 0 } });
  return family.id;
}

const paramsOf = (condition: string, number?: number) => ({ familyId, condition, ...(number ? { number: String(number) } : {}) });
const getList = async () => (await callRoute(list.GET, { userId: curator.id, params: { familyId } })).json as unknown as THistoriesDto;
const latestOf = async (condition: string) => (await getList()).histories.find((h) => h.condition === condition)!.revision;
const put = (condition: string, number: number, body: unknown, userId = curator.id) =>
  callRoute(revision.PUT, { method: "PUT", userId, params: paramsOf(condition, number), body });
const auditCount = (action: string) => db().auditEvent.count({ where: { familyId, action } });

beforeAll(async () => {
  await useFreshDatabase();
  [curator, reviewer, lead] = await Promise.all([makeUser(["curator"]), makeUser(["reviewer"]), makeUser(["lead"])]);
  familyId = await makeSecretsFamily();
});

afterAll(async () => {
  await stopBoss({ graceful: false, timeout: 2_000 });
});

describe("scaffold", () => {
  it("fills all seven conditions with draft traces and placeholder text, one audit event each", async () => {
    const res = await callRoute(scaffold.POST, { userId: curator.id, params: { familyId }, body: {} });
    expect(res.status).toBe(201);
    const result = res.json as unknown as TScaffoldResultDto;
    expect(result.created).toEqual(["direct", "duplicate", "split", "override", "cancellation", "paraphrase_direct", "length_matched"]);
    expect(result.skipped).toEqual([]);
    expect(await auditCount("history.scaffold")).toBe(7);

    const data = await getList();
    expect(data.histories).toHaveLength(7);
    expect(data.catalog.map((a) => a.key)).toEqual(["A1", "A2", "A3", "A4"]);
    expect(data.atomKeys).toContain("A5");
    const override = data.histories.find((h) => h.condition === "override")!.revision;
    expect(override).toMatchObject({ number: 1, status: "draft", version: 1 });
    expect(override.turns.map((t) => [t.activated, t.deactivated])).toEqual([[["A4"], []], [["A1", "A2"], ["A4"]]]);
    expect(override.turns[0]!.text).toMatch(/^\[draft\]/);
  });

  it("never replaces existing text without the curator's confirmation", async () => {
    const direct = await latestOf("direct");
    const mine = [turn("Missing secrets: required ones raise, optional ones give back null.", { activated: ["A1", "A2"] })];
    expect((await put("direct", 1, { version: direct.version, turns: mine })).status).toBe(200);

    const again = (await callRoute(scaffold.POST, { userId: curator.id, params: { familyId }, body: { conditions: ["direct"] } })).json as unknown as TScaffoldResultDto;
    expect(again.skipped).toEqual([{ condition: "direct", reason: expect.stringMatching(/already has text/), needsConfirmation: true }]);
    expect((await latestOf("direct")).turns[0]!.text).toBe(mine[0]!.text);

    const confirmed = (await callRoute(scaffold.POST, { userId: curator.id, params: { familyId }, body: { conditions: ["direct"], overwrite: true } })).json as unknown as TScaffoldResultDto;
    expect(confirmed.filled).toEqual(["direct"]);
    expect((await latestOf("direct")).turns[0]!.text).toMatch(/^\[draft\]/);
  });
});

describe("saving a draft", () => {
  it("saves turns from the current version, returns the server's check and audits before and after", async () => {
    const before = await latestOf("override");
    const events = await auditCount("history_revision.update");
    const turns = [
      turn("Missing secrets should come back as an empty string.", { activated: ["A4"] }),
      turn("Change of plan: drop the empty string.", { deactivated: ["A4"] }),
      turn("Required lookups raise; optional ones return null.", { activated: ["A1", "A2"] }),
    ];
    const res = await put("override", 1, { version: before.version, turns });
    expect(res.status).toBe(200);
    const saved = res.json as unknown as { revision: TRevisionDto; check: { atContract: boolean; errors: { code: string; turn: number | null; message: string }[] } };
    expect(saved.revision.version).toBe(before.version + 1);
    expect(saved.revision.turns).toEqual(turns);
    // A broken history is kept as a draft, and the check says exactly why it fails.
    expect(saved.check.atContract).toBe(true);
    expect(saved.check.errors).toContainEqual(expect.objectContaining({ code: "no_replacement", turn: 2 }));
    expect(await auditCount("history_revision.update")).toBe(events + 1);
    const event = await db().auditEvent.findFirstOrThrow({ where: { familyId, action: "history_revision.update" }, orderBy: { id: "desc" } });
    expect((event.before as { turns: TTurn[] }).turns).toEqual(before.turns);
    expect((event.after as { turns: TTurn[] }).turns).toEqual(turns);
  });

  it("shows the path gate naming the broken override turn", async () => {
    const res = await callRoute(gates.GET, { userId: curator.id, params: { familyId, stage: "paths" } });
    expect(res.status).toBe(200);
    const paths = (res.json as { stage: { gates: { key: string; status: string; missing: string | null }[] } }).stage;
    const structure = paths.gates.find((g) => g.key === "structure")!;
    expect(structure.status).toBe("fail");
    expect(structure.missing).toMatch(/override: Turn 2 deactivates A4 without activating a final atom/);
  });

  it("gives a stale save 409 with the current copy and overwrites nothing", async () => {
    const current = await latestOf("override");
    const stale = await put("override", 1, { version: current.version - 1, turns: [turn("lost edit")] });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toMatch(/changed by someone else/);
    expect((stale.json.current as TRevisionDto).turns).toEqual(current.turns);
    expect((await latestOf("override")).turns).toEqual(current.turns);
  });

  it("refuses atoms the family has not accepted, naming the field", async () => {
    const current = await latestOf("split");
    const res = await put("split", 1, { version: current.version, turns: [turn("x", { activated: ["A1", "A5"] }), turn("y", { restated: ["A9"] })] });
    expect(res.status).toBe(422);
    expect(res.json.fieldErrors).toEqual({ "turns.0.activated": ["A5 is not an accepted atom of this family"], "turns.1.restated": ["A9 is not an accepted atom of this family"] });
    const malformed = await put("split", 1, { version: current.version, turns: [turn("x", { activated: ["B1"] })] });
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.json.fieldErrors ?? {})).toEqual(["turns.0.activated.0"]);
    expect((await latestOf("split")).version).toBe(current.version);
  });
});

describe("revisions", () => {
  it("refuses to send a history that does not keep its condition's structure, saying why", async () => {
    const current = await latestOf("override");
    const res = await callRoute(review.POST, { userId: curator.id, params: paramsOf("override", 1), body: { version: current.version } });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatch(/Turn 2 deactivates A4 without activating/);
    expect((await latestOf("override")).status).toBe("draft");
  });

  it("refuses to send a revision with an unwaived leak-lint hit, naming it; a waived hit goes", async () => {
    // A family of its own: the tests below count this family's send-to-review events.
    const shared = familyId;
    familyId = await makeSecretsFamily();
    await callRoute(scaffold.POST, { userId: curator.id, params: { familyId }, body: { conditions: ["override"] } });
    const leaky = [
      turn("Missing secrets should come back as an empty string (that is A4).", { activated: ["A4"] }),
      turn("Change of plan: required lookups raise and optional ones return null.", { deactivated: ["A4"], activated: ["A1", "A2"] }),
    ];
    const draft = await latestOf("override");
    const saved = await put("override", 1, { version: draft.version, turns: leaky });
    expect(saved.status).toBe(200);
    const version = (saved.json.revision as TRevisionDto).version;
    const refused = await callRoute(review.POST, { userId: curator.id, params: paramsOf("override", 1), body: { version } });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatch(/cannot go to review yet: Turn 1 names atom A4; the visible text never uses atom keys \(an unwaived leak-lint hit: rewrite the turn, or waive the hit with a reason\)\./);
    const revisionRow = await db().historyRevision.findFirstOrThrow({ where: { history: { familyId, condition: "override" }, number: 1 } });
    await db().leakWaiver.create({ data: { revisionId: revisionRow.id, turn: 1, kind: "atom_key", match: "A4", reason: "quoted on purpose in this test" } });
    const sent = await callRoute(review.POST, { userId: curator.id, params: paramsOf("override", 1), body: { version } });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    familyId = shared;
  });

  it("freezes a revision sent to review; editing starts revision 2 and leaves revision 1 intact", async () => {
    const fixed = [
      turn("Missing secrets should come back as an empty string.", { activated: ["A4"] }),
      turn("Change of plan: required lookups raise and optional ones return null.", { deactivated: ["A4"], activated: ["A1", "A2"] }),
    ];
    const draft = await latestOf("override");
    const saved = await put("override", 1, { version: draft.version, turns: fixed });
    expect(saved.status).toBe(200);
    const version = (saved.json.revision as TRevisionDto).version;

    const sent = await callRoute(review.POST, { userId: curator.id, params: paramsOf("override", 1), body: { version } });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({ status: "in_review", number: 1, version: version + 1 });
    expect(sent.json.sentToReviewAt).toEqual(expect.any(String));

    const refused = await put("override", 1, { version: version + 1, turns: [turn("sneaky edit")] });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/Revision 1 of override was sent to review on .* can no longer be edited; start a new revision/);

    const next = await callRoute(revisions.POST, { userId: curator.id, params: paramsOf("override"), body: {} });
    expect(next.status).toBe(201);
    expect(next.json).toMatchObject({ number: 2, status: "draft", version: 1, turns: fixed });
    const twice = await callRoute(revisions.POST, { userId: curator.id, params: paramsOf("override"), body: {} });
    expect(twice.status).toBe(409);
    expect(twice.json.error).toMatch(/Revision 2 of override is still a draft/);

    const edited = await put("override", 2, { version: 1, turns: [fixed[0]!, turn("Instead: required raise, optional give null.", { deactivated: ["A4"], activated: ["A1", "A2"] })] });
    expect(edited.status).toBe(200);
    const one = await callRoute(revision.GET, { userId: curator.id, params: paramsOf("override", 1) });
    expect(one.json).toMatchObject({ number: 1, status: "in_review", turns: fixed });

    const all = await callRoute(revisions.GET, { userId: lead.id, params: paramsOf("override") });
    expect((all.json as unknown as { number: number; status: string }[]).map((r) => [r.number, r.status])).toEqual([[2, "draft"], [1, "in_review"]]);
    expect((await latestOf("override")).number).toBe(2);
    expect(await auditCount("history_revision.send_to_review")).toBe(1);
    expect(await auditCount("history_revision.create")).toBe(1);
  });

  it("starts a history that does not exist yet with one empty turn", async () => {
    const other = await makeSecretsFamily();
    const res = await callRoute(revisions.POST, { userId: curator.id, params: { familyId: other, condition: "split" }, body: {} });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ number: 1, status: "draft", turns: [turn("")] });
  });
});

describe("access", () => {
  it("gives reviewers nothing: no list, no revision, no gates, no writes", async () => {
    const reads = [
      callRoute(list.GET, { userId: reviewer.id, params: { familyId } }),
      callRoute(revisions.GET, { userId: reviewer.id, params: paramsOf("direct") }),
      callRoute(revision.GET, { userId: reviewer.id, params: paramsOf("direct", 1) }),
      callRoute(gates.GET, { userId: reviewer.id, params: { familyId, stage: "paths" } }),
    ];
    for (const res of await Promise.all(reads)) {
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.json)).not.toMatch(/activated|A1/);
    }
    expect((await put("direct", 1, { version: 1, turns: [] }, reviewer.id)).status).toBe(403);
    expect((await callRoute(scaffold.POST, { userId: reviewer.id, params: { familyId }, body: {} })).status).toBe(403);
  });

  it("lets a lead read but not write; a frozen family refuses every write", async () => {
    expect((await callRoute(list.GET, { userId: lead.id, params: { familyId } })).status).toBe(200);
    expect((await put("direct", 1, { version: 1, turns: [] }, lead.id)).status).toBe(403);
    const frozen = await makeSecretsFamily();
    await db().taskFamily.update({ where: { id: frozen }, data: { frozen: true } });
    const res = await callRoute(scaffold.POST, { userId: curator.id, params: { familyId: frozen }, body: {} });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatch(/frozen/);
  });
});

describe("replay runs", () => {
  it("queues the fixed patches under every core history and shows them in the matrix", async () => {
    await db().verifier.create({ data: { familyId, testCommand: "node --test" } });
    await db().patch.create({ data: { familyId, kind: "gold", name: "gold", diff: "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n" } });
    const res = await callRoute(replay.POST, { method: "POST", userId: curator.id, params: { familyId } });
    expect(res.status).toBe(201);
    expect(await db().run.count({ where: { familyId, kind: "replay" } })).toBe(2 * 5);
    const again = await callRoute(replay.POST, { method: "POST", userId: curator.id, params: { familyId } });
    expect(again.json).toMatchObject({ created: 0 });

    const matrix = (await callRoute(gates.GET, { userId: curator.id, params: { familyId, stage: "paths" } })).json.matrix as {
      rows: { label: string; cells: Record<string, { status: string }> }[]; counts: { queued: number };
    };
    expect(matrix.rows.map((r) => r.label)).toEqual(["base", "gold gold"]);
    expect(matrix.counts.queued).toBe(10);
    expect(matrix.rows[1]!.cells.override!.status).toBe("queued");
  });

  it("leaves replay runs of a draft edited afterwards out of the matrix, as older runs", async () => {
    const split = await latestOf("split");
    expect((await put("split", 1, { version: split.version, turns: split.turns.map((t) => ({ ...t, text: `${t.text} (edited)` })) })).status).toBe(200);
    const matrix = (await callRoute(gates.GET, { userId: curator.id, params: { familyId, stage: "paths" } })).json.matrix as {
      rows: { cells: Record<string, { status: string } | undefined> }[]; older: number;
    };
    expect(matrix.rows.map((r) => [r.cells.split?.status ?? null, r.cells.direct?.status ?? null])).toEqual([[null, "queued"], [null, "queued"]]);
    expect(matrix.older).toBe(2);
  });
});
