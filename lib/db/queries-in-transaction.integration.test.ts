// A transaction is one connection: queries sent on it while another is still running are
// queued by the driver with a deprecation warning (pg@9 will refuse them). The readers that
// take a transaction client therefore query one at a time.
import { afterAll, beforeAll, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeUser } from "@/lib/testing/factories";
import { makeDemoFamily } from "@/lib/testing/patches-demo-family";
import { db } from "@/lib/db";
import { getVerifier } from "@/lib/verifier/get-verifier";
import { listPatches } from "@/lib/patches/list-patches";
import { sliceDefaults } from "@/lib/patches/slice-defaults";

const warnings: string[] = [];
const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  await useFreshDatabase();
  process.on("warning", onWarning);
});
afterAll(() => {
  process.off("warning", onWarning);
  cleanups.forEach((c) => c());
});

it("reads the verifier, the patches and the slice defaults inside a transaction without overlapping queries", async () => {
  const curator = await makeUser(["curator"]);
  const demo = await makeDemoFamily([curator.id], { withSlice: true });
  cleanups.push(demo.cleanup);
  await db().patch.deleteMany({ where: { familyId: demo.family.id, kind: "gold" } });
  await db().$transaction(async (tx) => {
    await sliceDefaults(tx, demo.family.id);
    await getVerifier(demo.family.id, tx);
    await listPatches(demo.family.id, tx);
  });
  await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
  expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
});
