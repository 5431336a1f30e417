// History drafts written by the configured model (issue 23 item 4): the real chat client against
// a local replay server with recorded answers. Each template turn is rewritten in plain language
// behind the [draft] marker, the traces stay the template's, a rewrite the leak lint flags (or a
// malformed answer) keeps its template with the reason, and no atom id is ever sent to the model.
// Without a model the templates write the text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeFamily, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import { MODEL_SETTING_KEY } from "@/lib/proposals/model-config";
import { loadRecordedChats, startChatReplays } from "@/lib/proposals/testing/chat-replay-server";
import * as scaffold from "@/app/api/families/[familyId]/histories/scaffold/route";
import type { TScaffoldResultDto } from "@/lib/schemas/histories";
import type { TCondition } from "@/lib/contract";

process.env.NEXTAUTH_SECRET ??= "test-secret";
for (const key of ["STUDIO_MODEL_BASE_URL", "STUDIO_MODEL", "STUDIO_MODEL_API_KEY"]) delete process.env[key];

let curator: { id: string };
let replay: Awaited<ReturnType<typeof startChatReplays>>;

async function clampFamily() {
  const family = await makeFamily({ curatorIds: [curator.id] });
  const atoms = [
    { key: "A1", role: "final", statement: "A value below the range gives the lower bound.", replacedBy: [] },
    { key: "A2", role: "final", statement: "A value above the range gives the upper bound.", replacedBy: [] },
    { key: "A3", role: "temporary", statement: "A value above the range is returned unchanged.", replacedBy: ["A2"] },
  ] as const;
  for (const [position, a] of atoms.entries()) {
    await db().atom.create({
      data: { familyId: family.id, key: a.key, role: a.role, statement: a.statement, replacedBy: [...a.replacedBy], position, status: "accepted", scope: "clamp(value, low, high)", inputCondition: "a value", observation: `observed ${a.key}` },
    });
  }
  await db().probe.create({ data: { familyId: family.id, testId: "clamp > returns low below the range", position: 0 } });
  return family.id;
}

const latestTurns = async (familyId: string, condition: TCondition) =>
  (await db().history.findFirstOrThrow({ where: { familyId, condition }, select: { revisions: { orderBy: { number: "desc" }, take: 1, select: { turns: { orderBy: { index: "asc" } } } } } })).revisions[0]!.turns;

beforeAll(async () => {
  await useFreshDatabase();
  curator = await makeUser(["curator"]);
  replay = await startChatReplays(await loadRecordedChats("chat-history-drafts"));
});
afterAll(async () => replay?.close());

describe("history drafts", () => {
  it("without a model, the templates write every turn; asking for the model then is refused with the reason", async () => {
    const familyId = await clampFamily();
    const refused = await callRoute(scaffold.POST, { userId: curator.id, params: { familyId }, body: { drafter: "model" } });
    expect(refused.status).toBe(422);
    expect(refused.json.error).toMatch(/^No model endpoint is configured/);
    expect(await db().history.count({ where: { familyId } })).toBe(0);
    const res = await callRoute(scaffold.POST, { userId: curator.id, params: { familyId }, body: {} });
    const result = res.json as unknown as TScaffoldResultDto;
    expect(result.drafter).toEqual({ kind: "template" });
    expect(result.created).toHaveLength(7);
    expect((await latestTurns(familyId, "direct"))[0]!.text).toBe("[draft] State the whole request at once: A value below the range gives the lower bound; A value above the range gives the upper bound.");
  });

  it("with a model configured, it rewrites each template turn behind [draft], keeps the traces, and keeps the template where the rewrite would leak or does not fit", async () => {
    const familyId = await clampFamily();
    await db().setting.upsert({
      where: { key: MODEL_SETTING_KEY },
      create: { key: MODEL_SETTING_KEY, value: { baseUrl: replay.baseUrl, model: "specpath-writer-1", apiKey: "sk-test-drafts" } },
      update: { value: { baseUrl: replay.baseUrl, model: "specpath-writer-1", apiKey: "sk-test-drafts" } },
    });
    try {
      const res = await callRoute(scaffold.POST, { userId: curator.id, params: { familyId }, body: {} });
      expect(res.status).toBe(201);
      const result = res.json as unknown as TScaffoldResultDto;
      expect(result.drafter).toEqual({ kind: "model", model: "specpath-writer-1" });
      expect(result.created).toEqual(["direct", "duplicate", "split", "override", "cancellation", "paraphrase_direct", "length_matched"]);
      expect(result.kept).toEqual([
        { condition: "split", turn: 2, reason: "the rewrite atom key “A2” would leak; the template is kept" },
        { condition: "cancellation", turn: 0, reason: "the model wrote 1 turn for 2; every turn keeps its template" },
      ]);

      const direct = await latestTurns(familyId, "direct");
      expect(direct.map((t) => t.text)).toEqual(["[draft] Please change clamp so that a value below the range gives back the lower bound, and a value above it gives back the upper bound."]);
      expect((await latestTurns(familyId, "paraphrase_direct"))[0]!.text).toBe("[draft] clamp should pin its value: anything under the range comes back as the lower bound, anything over it as the upper bound.");
      const split = await latestTurns(familyId, "split");
      expect(split.map((t) => t.text)).toEqual([
        "[draft] First, clamp should give back the lower bound for a value below the range.",
        "[draft] Add the rest, without repeating the first part: A value above the range gives the upper bound.",
      ]);
      const override = await latestTurns(familyId, "override");
      expect(override.map((t) => [t.text, t.activated, t.deactivated])).toEqual([
        ["[draft] clamp should give back the lower bound for a value below the range, and return a value above the range unchanged.", ["A3", "A1"], []],
        ["[draft] Change of plan for values above the range: give back the upper bound instead.", ["A2"], ["A3"]],
      ]);
      expect((await latestTurns(familyId, "cancellation"))[0]!.text).toMatch(/^\[draft\] State the request, including what will be withdrawn later:/);
      // length_matched is derived from the rewritten direct and the cancellation as they stand.
      expect((await latestTurns(familyId, "length_matched"))[0]!.text).toBe(direct[0]!.text);

      // One request per rewritten history, through the real client: the key sent, no atom id in what the model reads.
      const mine = replay.received.slice(-6);
      expect(mine).toHaveLength(6);
      for (const r of mine) {
        expect(r.headers.authorization).toBe("Bearer sk-test-drafts");
        const user = (r.body as { messages: { role: string; content: string }[] }).messages.find((m) => m.role === "user")!.content;
        expect(user).not.toMatch(/\bA[1-9]\b/);
        expect(user).not.toContain("[draft]");
      }
    } finally {
      await db().setting.delete({ where: { key: MODEL_SETTING_KEY } });
    }
  });
});
