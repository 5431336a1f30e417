// Extraction proposals through the route: the offline heuristic over the hidden test patch,
// and the model proposer against a local server replaying a recorded chat completion.
// Either way proposals land as `proposed` atoms with their origin; nothing is accepted.
import { readFile } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import * as proposals from "@/app/api/families/[familyId]/proposals/route";
import { makeDemoFamily } from "@/lib/testing/patches-demo-family";
import { MODEL_SETTING_KEY } from "./model-config";
import { loadRecordedChat, startChatReplay, type TRecordedChat } from "./testing/chat-replay-server";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
const cleanups: (() => void | Promise<void>)[] = [];

beforeAll(async () => {
  await useFreshDatabase();
  curator = await makeUser(["curator"]);
});
afterEach(async () => {
  await db().setting.deleteMany({ where: { key: MODEL_SETTING_KEY } });
  delete process.env.STUDIO_MODEL_BASE_URL;
  delete process.env.STUDIO_MODEL;
  delete process.env.STUDIO_MODEL_API_KEY;
});
afterAll(async () => {
  for (const c of cleanups) await c();
});

async function demoFamily() {
  const demo = await makeDemoFamily([curator.id]);
  cleanups.push(demo.cleanup);
  return demo;
}

const run = (familyId: string, proposer?: string) =>
  callRoute(proposals.POST, { userId: curator.id, params: { familyId }, body: proposer ? { proposer } : {} });

type TCreated = { key: string; status: string; origin: string; statement: string; observation: string; anchors: { filePath: string | null; lineStart: number | null; quote: string; source: string }[] };

describe("heuristic proposer", () => {
  it("proposes one atom per test in the hidden test patch, anchored to its lines, and does not repeat itself", async () => {
    const demo = await demoFamily();
    // The demo catalog already states these behaviors in other words; the heuristic drafts from test names.
    const res = await run(demo.family.id);
    expect(res.status).toBe(201);
    expect(res.json.proposer).toBe("heuristic");
    const created = res.json.created as TCreated[];
    expect(created.map((a) => [a.key, a.status, a.origin])).toEqual([["A5", "proposed", "heuristic"], ["A6", "proposed", "heuristic"], ["A7", "proposed", "heuristic"]]);
    expect(created[0]).toMatchObject({
      statement: "Required lookup of a missing secret throws SecretNotFoundError.",
      observation: 'assert.throws(() => getSecret("MISSING_REQUIRED"), SecretNotFoundError);',
      anchors: [{ source: "diff", filePath: "test/secrets.test.js", lineStart: 5, quote: expect.stringContaining("required lookup") }],
    });
    expect(await db().evidenceAnchor.count({ where: { familyId: demo.family.id } })).toBe(3);
    const actions = (await db().auditEvent.findMany({ where: { familyId: demo.family.id, action: { in: ["atom.propose", "proposals.run"] } } })).map((e) => e.action);
    expect(actions.sort()).toEqual(["atom.propose", "atom.propose", "atom.propose", "proposals.run"]);

    const again = await run(demo.family.id, "heuristic");
    expect(again.json).toMatchObject({ created: [], skipped: 3 });
    expect(await db().atom.count({ where: { familyId: demo.family.id, status: "accepted" } })).toBe(4);
  });

  it("refuses the model proposer when no endpoint is configured", async () => {
    const demo = await demoFamily();
    const res = await run(demo.family.id, "model");
    expect(res.status).toBe(422);
    expect(res.json.error).toMatch(/No model endpoint is configured/);
    const info = await callRoute(proposals.GET, { userId: curator.id, params: { familyId: demo.family.id } });
    expect(info.json).toEqual({ heuristic: true, model: null });
  });
});

describe("model proposer against a replayed chat completion", () => {
  let recorded: TRecordedChat;
  beforeAll(async () => {
    recorded = await loadRecordedChat("chat-completion-demo");
  });

  it("sends the prompt file and the evidence, and stores the validated answer as proposed atoms of origin model", async () => {
    const server = await startChatReplay(recorded);
    cleanups.push(server.close);
    const demo = await demoFamily();
    await db().setting.create({ data: { key: MODEL_SETTING_KEY, value: { baseUrl: server.baseUrl, model: "specpath-extractor-1", apiKey: "sk-test-123" } } });

    const info = await callRoute(proposals.GET, { userId: curator.id, params: { familyId: demo.family.id } });
    expect(info.json).toEqual({ heuristic: true, model: { model: "specpath-extractor-1", host: new URL(server.baseUrl).host } });
    expect(JSON.stringify(info.json)).not.toContain("sk-test-123");

    const res = await run(demo.family.id);
    expect(res.status).toBe(201);
    expect(res.json.proposer).toBe("model");
    const [request] = server.received;
    expect(request).toMatchObject({ method: "POST", path: "/v1/chat/completions", headers: expect.objectContaining({ authorization: "Bearer sk-test-123" }) });
    const body = request!.body as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe("specpath-extractor-1");
    expect(body.messages[0]).toEqual({ role: "system", content: await readFile("prompts/extract-atoms.md", "utf8") });
    expect(body.messages[1]!.content).toContain('+test("optional lookup of a missing secret returns null"');
    expect(body.messages[1]!.content).toContain("## Already in the catalog\n\n- A required lookup of a missing secret raises SecretNotFoundError.");

    // The first answer repeats A1 word for word: only the two new statements become proposals.
    const created = res.json.created as TCreated[];
    expect(res.json.skipped).toBe(1);
    expect(created.map((a) => [a.key, a.origin, a.status])).toEqual([["A5", "model", "proposed"], ["A6", "model", "proposed"]]);
    expect(created[1]).toMatchObject({ statement: "A stored secret is returned unchanged.", anchors: [] });
    const atom = await db().atom.findFirstOrThrow({ where: { familyId: demo.family.id, key: "A6" } });
    expect(atom).toMatchObject({ role: "fixed", scope: "getSecret(name)", polarity: "require" });
  });

  it("stores nothing when the answer has the wrong shape or the endpoint fails, and says why", async () => {
    const demo = await demoFamily();
    const wrongShape = structuredClone(recorded);
    (wrongShape.response.body as { choices: { message: { content: string } }[] }).choices[0]!.message.content = '{"atoms": [{"scope": "no statement"}]}';
    const bad = await startChatReplay(wrongShape);
    cleanups.push(bad.close);
    process.env.STUDIO_MODEL_BASE_URL = bad.baseUrl;
    process.env.STUDIO_MODEL = "from-env";
    const shape = await run(demo.family.id, "model");
    expect(shape.status).toBe(422);
    expect(shape.json.error).toMatch(/does not have the expected shape \(atoms\.0\.statement: .*\); nothing was proposed/);
    expect((bad.received[0]!.body as { model: string }).model).toBe("from-env");
    expect(bad.received[0]!.headers.authorization).toBeUndefined();

    const failing = await startChatReplay({ request: recorded.request, response: { status: 429, body: { error: { message: "Rate limit reached for requests" } } } });
    cleanups.push(failing.close);
    process.env.STUDIO_MODEL_BASE_URL = failing.baseUrl;
    const limited = await run(demo.family.id, "model");
    expect(limited.status).toBe(422);
    expect(limited.json.error).toBe("The model endpoint answered 429: Rate limit reached for requests; nothing was proposed.");
    expect(await db().atom.count({ where: { familyId: demo.family.id, status: "proposed" } })).toBe(0);
  });
});
