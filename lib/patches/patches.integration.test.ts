// Patches through their routes, validated against the demo family's real repository:
// malformed diffs, files missing from the base, `git apply --check` failures with git's
// message and the failing hunk, empty negatives, targets, 409s, the 2 MiB limit, audit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import * as patches from "@/app/api/families/[familyId]/patches/route";
import * as patch from "@/app/api/families/[familyId]/patches/[patchId]/route";
import { makeDemoFamily } from "@/lib/testing/patches-demo-family";
import type { TPatchDto, TPatchesDto } from "@/lib/schemas/patches";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
let demo: Awaited<ReturnType<typeof makeDemoFamily>>;
let gold: TPatchDto;

beforeAll(async () => {
  await useFreshDatabase();
  curator = await makeUser(["curator"]);
  demo = await makeDemoFamily([curator.id]);
  const listed = await callRoute(patches.GET, { userId: curator.id, params: { familyId: demo.family.id } });
  gold = (listed.json as unknown as TPatchesDto).patches.find((p) => p.kind === "gold")!;
});
afterAll(() => demo.cleanup());

const params = () => ({ familyId: demo.family.id });
const post = (body: Record<string, unknown>) => callRoute(patches.POST, { userId: curator.id, params: params(), body });
const count = () => db().patch.count({ where: { familyId: demo.family.id } });

describe("listing", () => {
  it("lists gold first with stats and says which final atoms still lack a negative", async () => {
    const res = await callRoute(patches.GET, { userId: curator.id, params: params() });
    const body = res.json as unknown as TPatchesDto;
    expect(body.patches.map((p) => p.kind)).toEqual(["gold", "negative", "negative", "alternative"]);
    expect(body.patches[0]!.stats).toEqual({ files: 1, additions: 11, deletions: 2 });
    expect(body.patches.find((p) => p.name === "negative-A1-remove")).toMatchObject({ targetAtomKey: "A1", mode: "remove" });
    expect(body.finalAtomsWithoutNegative).toEqual([]);
  });
});

describe("validation on save", () => {
  it("refuses text that is not a unified diff, naming the line", async () => {
    const before = await count();
    const res = await post({ kind: "alternative", name: "alt-garbage", diff: "diff --git a/src/secrets.js b/src/secrets.js\n--- a/src/secrets.js\n+++ b/src/secrets.js\n@@ -1,3 +1,3 @@\n const store = new Map();\n" });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatch(/not a valid unified diff \(line 5: the diff ends inside a hunk/);
    expect(res.json.fieldErrors?.["diff.line"]).toEqual(["5"]);
    const words = await post({ kind: "alternative", name: "alt-words", diff: "please make it work\n" });
    expect(words.status).toBe(422);
    expect(words.json.error).toMatch(/holds no file changes/);
    expect(await count()).toBe(before);
  });

  it("refuses a patch touching a file that is not in the base, or creating one that is", async () => {
    const missing = await post({ kind: "alternative", name: "alt-missing", diff: gold.diff.replaceAll("src/secrets.js", "src/vault.js") });
    expect(missing.status).toBe(422);
    expect(missing.json.error).toMatch(/changes src\/vault\.js, which does not exist in the base commit/);
    expect(missing.json.fieldErrors?.["diff.file"]).toEqual(["src/vault.js"]);
    const clash = await post({ kind: "alternative", name: "alt-clash", diff: "diff --git a/README.md b/README.md\nnew file mode 100644\n--- /dev/null\n+++ b/README.md\n@@ -0,0 +1 @@\n+hello\n" });
    expect(clash.status).toBe(422);
    expect(clash.json.error).toMatch(/creates README\.md, which already exists/);
  });

  it("refuses a patch git cannot apply without fuzz, with git's message and the failing hunk", async () => {
    const drifted = gold.diff.replace(" export function setSecret(name, value) {", " export function putSecret(name, value) {");
    const res = await post({ kind: "alternative", name: "alt-drift", diff: drifted });
    expect(res.status).toBe(422);
    expect(res.json.error).toMatch(/does not apply to the base commit [0-9a-f]{12} \(git apply --check, no fuzz\): error: patch failed: src\/secrets\.js:1/);
    expect(res.json.fieldErrors?.["diff.git"]?.[0]).toMatch(/patch failed: src\/secrets\.js:1[\s\S]*patch does not apply/);
    expect(res.json.fieldErrors?.["diff.hunk"]?.[0]).toMatch(/^@@ -1,9 \+1,18 @@\n const store = new Map\(\);[\s\S]* export function putSecret/);
    expect(res.json.error).toMatch(/Failing hunk:\n@@ -1,9/);
    // Blank context lines stay in the hunk (a space), so the hunk shown is the hunk sent.
    expect(res.json.fieldErrors?.["diff.hunk"]?.[0]).toContain(" const store = new Map();\n \n+export class");
  });

  it("refuses a negative identical to gold as an empty negative, and a negative without an accepted final target", async () => {
    const same = await post({ kind: "negative", name: "neg-same", diff: gold.diff, targetAtomId: demo.atoms.A1, mode: "remove" });
    expect(same.status).toBe(422);
    expect(same.json.error).toMatch(/^Empty negative/);
    expect(same.json.fieldErrors?.["diff.rule"]).toEqual(["empty_negative"]);
    const noTarget = await post({ kind: "negative", name: "neg-x", diff: gold.diff });
    expect(noTarget.status).toBe(400);
    expect(noTarget.json.fieldErrors).toHaveProperty("targetAtomId");
    const fixed = await post({ kind: "negative", name: "neg-a3", diff: gold.diff, targetAtomId: demo.atoms.A3, mode: "reverse" });
    expect(fixed.status).toBe(422);
    expect(fixed.json.error).toMatch(/targets an accepted final atom; A3 is fixed/);
    const altWithTarget = await post({ kind: "alternative", name: "alt-t", diff: gold.diff, targetAtomId: demo.atoms.A1 });
    expect(altWithTarget.status).toBe(400);
  });

  it("refuses a second gold patch and a body over the 2 MiB patch limit", async () => {
    const second = await post({ kind: "gold", name: "gold-2", diff: gold.diff });
    expect(second.status).toBe(409);
    expect(second.json.error).toMatch(/already has a gold patch/);
    const huge = await callRoute(patches.POST, { userId: curator.id, params: params(), rawBody: JSON.stringify({ kind: "alternative", name: "big", diff: "x".repeat(2 * 1024 * 1024 + 10) }) });
    expect(huge.status).toBe(413);
    expect(huge.json.error).toMatch(/2048 KiB/);
  });
});

describe("saving", () => {
  it("saves a negative that applies and differs from gold, audited with its diff", async () => {
    const diff = gold.diff.replace("+  if (options.optional) return null;", "+  if (options.optional) throw new SecretNotFoundError(name);");
    const res = await post({ kind: "negative", name: "negative-A2-throws", diff, targetAtomId: demo.atoms.A2, mode: "reverse" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ kind: "negative", targetAtomKey: "A2", mode: "reverse", version: 1 });
    const [event] = await db().auditEvent.findMany({ where: { entityId: res.json.id as string, action: "patch.create" } });
    expect(event).toMatchObject({ actorId: curator.id, after: expect.objectContaining({ name: "negative-A2-throws", diff }) });
  });

  it("updates from the version it was loaded at, 409 with the current patch when stale, and validates a changed diff", async () => {
    const alt = (await db().patch.findFirstOrThrow({ where: { familyId: demo.family.id, kind: "alternative" } }));
    const p = { familyId: demo.family.id, patchId: alt.id };
    const renamed = await callRoute(patch.PATCH, { method: "PATCH", userId: curator.id, params: p, body: { version: 1, name: "alternative-destructured" } });
    expect(renamed.status).toBe(200);
    expect(renamed.json.version).toBe(2);
    const stale = await callRoute(patch.PATCH, { method: "PATCH", userId: curator.id, params: p, body: { version: 1, name: "other" } });
    expect(stale.status).toBe(409);
    expect(stale.json.current).toMatchObject({ name: "alternative-destructured", version: 2 });
    const broken = await callRoute(patch.PATCH, { method: "PATCH", userId: curator.id, params: p, body: { version: 2, diff: "nonsense\n" } });
    expect(broken.status).toBe(422);
    expect((await db().patch.findUniqueOrThrow({ where: { id: alt.id } })).diff).toBe(alt.diff);
    const gone = await callRoute(patch.DELETE, { method: "DELETE", userId: curator.id, params: p, path: "/api/x?version=1" });
    expect(gone.status).toBe(409);
    const deleted = await callRoute(patch.DELETE, { method: "DELETE", userId: curator.id, params: p, path: "/api/x?version=2" });
    expect(deleted.status).toBe(200);
    const [event] = await db().auditEvent.findMany({ where: { entityId: alt.id, action: "patch.delete" } });
    expect((event!.before as { diff: string }).diff).toBe(alt.diff);
  });

  it("refuses to check against a repository that cannot be read, storing nothing", async () => {
    await db().taskFamily.update({ where: { id: demo.family.id }, data: { repo: "/nonexistent/repo" } });
    try {
      const res = await post({ kind: "alternative", name: "alt-norepo", diff: gold.diff });
      expect(res.status).toBe(422);
      expect(res.json.error).toMatch(/could not be checked against the base: the family's repository \/nonexistent\/repo/);
    } finally {
      await db().taskFamily.update({ where: { id: demo.family.id }, data: { repo: demo.repo.dir } });
    }
  });
});
