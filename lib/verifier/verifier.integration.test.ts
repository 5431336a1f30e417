// The verifier form's API: defaults (timeouts, protocol, the in-slice test diff as hidden
// test patch), create and update with optimistic versions, validation of fields and of
// the hidden test patch against the base, audit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import * as verifier from "@/app/api/families/[familyId]/verifier/route";
import { makeDemoFamily } from "@/lib/testing/patches-demo-family";
import type { TVerifierDto } from "@/lib/schemas/verifier";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
let curator2: { id: string };
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  await useFreshDatabase();
  [curator, curator2] = await Promise.all([makeUser(["curator"]), makeUser(["curator"])]);
});
afterAll(() => cleanups.forEach((c) => c()));

async function familyWithoutVerifier() {
  const demo = await makeDemoFamily([curator.id], { withSlice: true });
  cleanups.push(demo.cleanup);
  await db().verifier.delete({ where: { familyId: demo.family.id } });
  return demo;
}

const form = (over: Partial<Record<string, unknown>> = {}) => ({
  setupCommand: "npm ci",
  testCommand: 'node --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT" test/',
  resultFormat: "junit",
  timeoutSec: 120,
  image: "",
  protocol: { historyPath: "HISTORY.md", historyFormat: "markdown", agentTimeoutSec: 1200, retryPolicy: "up to 3 same-budget attempts on provider limits" },
  hiddenTestPatch: "",
  ...over,
});

describe("verifier", () => {
  it("offers the defaults and the PR's in-slice test diff as the hidden test patch before anything is saved", async () => {
    const demo = await familyWithoutVerifier();
    const res = await callRoute(verifier.GET, { userId: curator.id, params: { familyId: demo.family.id } });
    const dto = res.json as unknown as TVerifierDto;
    expect(dto).toMatchObject({ exists: false, version: null, timeoutSec: 120, resultFormat: "junit", protocol: { agentTimeoutSec: 1200, historyFormat: "markdown", historyPath: "HISTORY.md" } });
    expect(dto.hiddenTestPatch).toMatch(/^diff --git a\/test\/secrets\.test\.js b\/test\/secrets\.test\.js\nnew file mode/);
    expect(dto.hiddenTestPatch).not.toContain("diff --git a/src/secrets.js");
    expect(dto.defaultHiddenTestPatch).toBe(dto.hiddenTestPatch);
  });

  it("creates, then updates from the loaded version only (409 with the current verifier), each audited", async () => {
    const demo = await familyWithoutVerifier();
    const params = { familyId: demo.family.id };
    const dto = (await callRoute(verifier.GET, { userId: curator.id, params })).json as unknown as TVerifierDto;
    const podman = await db().worker.create({ data: { id: `podman-worker-${Date.now()}`, host: "h", pid: 1, concurrency: 1, containerRuntime: "podman" } });
    const created = await callRoute(verifier.PUT, { method: "PUT", userId: curator.id, params, body: form({ hiddenTestPatch: dto.defaultHiddenTestPatch, image: "node:20-bookworm" }) });
    await db().worker.delete({ where: { id: podman.id } });
    expect(created.status).toBe(200);
    expect(created.json).toMatchObject({ exists: true, version: 1, setupCommand: "npm ci", image: "node:20-bookworm" });
    const updated = await callRoute(verifier.PUT, { method: "PUT", userId: curator.id, params, body: form({ version: 1, timeoutSec: 300, protocol: { ...form().protocol, historyFormat: "json", historyPath: "docs/history.json" } }) });
    expect(updated.json).toMatchObject({ version: 2, timeoutSec: 300, protocol: { historyFormat: "json", historyPath: "docs/history.json" } });
    const stale = await callRoute(verifier.PUT, { method: "PUT", userId: curator2.id, params, body: form({ version: 1, timeoutSec: 60 }) });
    expect(stale.status).toBe(409);
    expect(stale.json.current).toMatchObject({ version: 2, timeoutSec: 300 });
    const actions = (await db().auditEvent.findMany({ where: { familyId: demo.family.id, entity: "Verifier" }, orderBy: { id: "asc" } })).map((e) => e.action);
    expect(actions).toEqual(["verifier.create", "verifier.update"]);
  });

  it("refuses a new image (422 on the image field) while no live worker has a container runtime, and accepts it once one does", async () => {
    const demo = await familyWithoutVerifier();
    const params = { familyId: demo.family.id };
    const dto = (await callRoute(verifier.GET, { userId: curator.id, params })).json as unknown as TVerifierDto;
    const body = form({ hiddenTestPatch: dto.defaultHiddenTestPatch, image: "node:20-bookworm" });
    const stamp = Date.now();
    // No worker at all, then one live worker without a runtime and a stopped one with podman: refused, nothing stored.
    const none = await callRoute(verifier.PUT, { method: "PUT", userId: curator.id, params, body });
    expect(none.status).toBe(422);
    expect(none.json.fieldErrors?.image?.[0]).toBe("No worker has a container runtime to run image node:20-bookworm in: no worker is running. Start a worker that has podman or docker, or leave the image empty to run in the worker's sandbox.");
    await db().worker.create({ data: { id: `bare-${stamp}`, host: "h", pid: 2, concurrency: 2, containerRuntime: null } });
    await db().worker.create({ data: { id: `gone-${stamp}`, host: "h", pid: 3, concurrency: 2, containerRuntime: "podman", stoppedAt: new Date() } });
    const bare = await callRoute(verifier.PUT, { method: "PUT", userId: curator.id, params, body });
    expect(bare.status).toBe(422);
    expect(bare.json.error).toBe("No worker has a container runtime to run image node:20-bookworm in: the live worker reports neither podman nor docker. Start a worker that has one, or leave the image empty to run in the worker's sandbox.");
    expect(await db().verifier.findUnique({ where: { familyId: demo.family.id } })).toBeNull();
    // Without an image the same verifier saves: the sandbox needs no runtime.
    const sandboxed = await callRoute(verifier.PUT, { method: "PUT", userId: curator.id, params, body: { ...body, image: "" } });
    expect(sandboxed.status).toBe(200);
    await db().worker.create({ data: { id: `docker-${stamp}`, host: "h", pid: 4, concurrency: 2, containerRuntime: "docker" } });
    const accepted = await callRoute(verifier.PUT, { method: "PUT", userId: curator.id, params, body: { ...body, version: 1 } });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toMatchObject({ version: 2, image: "node:20-bookworm" });
    // An image already saved is not asked about again when another field changes.
    await db().worker.deleteMany({ where: { id: { in: [`bare-${stamp}`, `gone-${stamp}`, `docker-${stamp}`] } } });
    const kept = await callRoute(verifier.PUT, { method: "PUT", userId: curator.id, params, body: { ...body, version: 2, timeoutSec: 200 } });
    expect(kept.status).toBe(200);
  });

  it("names bad fields and refuses a hidden test patch that does not apply, keeping what was stored", async () => {
    const demo = await makeDemoFamily([curator.id]);
    cleanups.push(demo.cleanup);
    const params = { familyId: demo.family.id };
    const stored = await db().verifier.findUniqueOrThrow({ where: { familyId: demo.family.id } });
    const bad = await callRoute(verifier.PUT, { method: "PUT", userId: curator.id, params, body: form({ version: 1, testCommand: "", timeoutSec: 0, resultFormat: "xml", protocol: { ...form().protocol, historyPath: "../outside.md" } }) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fieldErrors ?? {})).toEqual(expect.arrayContaining(["testCommand", "timeoutSec", "resultFormat", "protocol.historyPath"]));
    const clash = await callRoute(verifier.PUT, { method: "PUT", userId: curator.id, params, body: form({ version: 1, hiddenTestPatch: stored.hiddenTestPatch.replaceAll("test/secrets.test.js", "test/basic.test.js") }) });
    expect(clash.status).toBe(422);
    expect(clash.json.error).toMatch(/creates test\/basic\.test\.js, which already exists in the base commit/);
    expect(clash.json.fieldErrors).toHaveProperty("hiddenTestPatch");
    expect((await db().verifier.findUniqueOrThrow({ where: { familyId: demo.family.id } })).version).toBe(1);
  });
});
