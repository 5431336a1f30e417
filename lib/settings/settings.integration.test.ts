import { beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import * as settings from "@/app/api/admin/settings/route";
import { githubConnection } from "@/lib/anchoring/github/github-connection";
import { modelEndpoint } from "@/lib/proposals/model-config";

process.env.NEXTAUTH_SECRET ??= "test-secret";
let admin: { id: string };
let lead: { id: string };

beforeAll(async () => {
  await useFreshDatabase();
  delete process.env.GITHUB_TOKEN;
  delete process.env.STUDIO_MODEL_BASE_URL;
  [admin, lead] = await Promise.all([makeUser(["admin"]), makeUser(["lead"])]);
});

describe("runtime settings", () => {
  it("lets an admin store the GitHub token the importer uses, never shows it back, and audits without it", async () => {
    expect((await callRoute(settings.PUT, { method: "PUT", userId: lead.id, body: { key: "github.token", token: "x" } })).status).toBe(403);
    const saved = await callRoute(settings.PUT, { method: "PUT", userId: admin.id, body: { key: "github.token", token: "ghp_secret123", version: 0 } });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.json)).not.toContain("ghp_secret123");
    expect(saved.json).toMatchObject({ githubToken: { configured: true, source: "setting" } });
    expect((await githubConnection()).auth).toBe("ghp_secret123");
    const events = await db().auditEvent.findMany({ where: { action: "setting.update" } });
    expect(JSON.stringify(events.map((e) => [e.before, e.after]))).not.toContain("ghp_secret123");
    const stale = await callRoute(settings.PUT, { method: "PUT", userId: admin.id, body: { key: "github.token", token: "other", version: 0 } });
    expect(stale.status).toBe(409);
    await callRoute(settings.PUT, { method: "PUT", userId: admin.id, body: { key: "github.token", token: "" } });
    expect((await githubConnection()).auth).toBeUndefined();
  });

  it("stores the model endpoint, keeps the API key when it is not resent, and names a bad field", async () => {
    const bad = await callRoute(settings.PUT, { method: "PUT", userId: admin.id, body: { key: "model.endpoint", baseUrl: "not a url", model: "m" } });
    expect(bad.status).toBe(400);
    expect(bad.json.fieldErrors).toHaveProperty("baseUrl");
    const half = await callRoute(settings.PUT, { method: "PUT", userId: admin.id, body: { key: "model.endpoint", baseUrl: "http://127.0.0.1:9/v1", model: "" } });
    expect(half.status).toBe(400);
    expect(half.json.fieldErrors).toHaveProperty("model");
    await callRoute(settings.PUT, { method: "PUT", userId: admin.id, body: { key: "model.endpoint", baseUrl: "http://127.0.0.1:9/v1", model: "m1", apiKey: "sk-1" } });
    await callRoute(settings.PUT, { method: "PUT", userId: admin.id, body: { key: "model.endpoint", baseUrl: "http://127.0.0.1:9/v1", model: "m2" } });
    expect(await modelEndpoint()).toEqual({ baseUrl: "http://127.0.0.1:9/v1", model: "m2", apiKey: "sk-1" });
    const read = await callRoute(settings.GET, { userId: admin.id });
    expect(JSON.stringify(read.json)).not.toContain("sk-1");
    expect(read.json).toMatchObject({ modelEndpoint: { configured: true, model: "m2", apiKeySet: true } });
  });
});
