// The package routes through the one guard: freeze is for leads, a frozen family's edits
// answer 409 naming the package, annotations leave the hash alone.
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeAtom, makeFamily, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import { packageHash } from "@/lib/package/hash";
import { samplePackage } from "@/lib/package/test-fixtures";
import * as atomRoute from "../families/[familyId]/atoms/[atomId]/route";
import * as packageRoute from "../families/[familyId]/package/route";
import * as annotationsRoute from "../families/[familyId]/package/annotations/route";

process.env.NEXTAUTH_SECRET ??= "test-secret";
const CONTENT = samplePackage();
const HASH = packageHash(CONTENT);

let lead: { id: string };
let curator: { id: string };
let family: { id: string };
let atom: { id: string; version: number };

beforeAll(async () => {
  await useFreshDatabase();
  [lead, curator] = await Promise.all([makeUser(["lead"]), makeUser(["curator"])]);
  family = await makeFamily();
  atom = await makeAtom(family.id, "A1");
  // A family frozen the way freezeFamily leaves it: the package row first, then the stage.
  await db().package.create({ data: { familyId: family.id, hash: HASH, content: JSON.parse(JSON.stringify(CONTENT)), frozenById: lead.id, frozenAt: new Date() } });
  await db().taskFamily.update({ where: { id: family.id }, data: { frozen: true } });
});

describe("package routes", () => {
  it("answers 409 naming the package to an atom edit of a frozen family", async () => {
    const res = await callRoute(atomRoute.PATCH as never, { method: "PATCH", userId: curator.id, params: { familyId: family.id, atomId: atom.id }, body: { version: atom.version, statement: "changed" } });
    expect(res.status).toBe(409);
    expect(res.json.error).toContain(HASH);
  });

  it("lets only a lead freeze", async () => {
    const res = await callRoute(packageRoute.POST as never, { method: "POST", userId: curator.id, params: { familyId: family.id } });
    expect(res.status).toBe(403);
    const again = await callRoute(packageRoute.POST as never, { method: "POST", userId: lead.id, params: { familyId: family.id } });
    expect(again.status).toBe(409);
    expect(again.json.error).toContain(HASH);
  });

  it("adds an annotation with a rationale; the package keeps its hash", async () => {
    const missing = await callRoute(annotationsRoute.POST as never, { userId: lead.id, params: { familyId: family.id }, body: { kind: "erratum", body: "Turn 3 typo." } });
    expect(missing.status).toBe(400);
    expect(missing.json.fieldErrors).toHaveProperty("rationale");
    const res = await callRoute(annotationsRoute.POST as never, { userId: lead.id, params: { familyId: family.id }, body: { kind: "erratum", body: "Turn 3 typo.", rationale: "Does not change meaning." } });
    expect(res.status).toBe(201);
    expect(res.json.packageHash).toBe(HASH);
    const view = await callRoute(packageRoute.GET as never, { userId: lead.id, params: { familyId: family.id } });
    expect(view.json).toMatchObject({ frozen: true, package: { hash: HASH, annotations: [{ kind: "erratum", body: "Turn 3 typo." }] } });
  });
});
