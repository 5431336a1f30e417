import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeFamily, makeUser } from "@/lib/testing/factories";
import { makeDemoFamily } from "@/lib/testing/patches-demo-family";
import { getGateReport } from "./get-gate-report";
import { listConsoleFamilies } from "./list-console-families";

const cleanups: Array<() => void | Promise<void>> = [];
beforeAll(async () => {
  await useFreshDatabase();
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe("lead console", () => {
  it("lists each family at the open stage of its gate report, not at its stored stage column", async () => {
    const curator = await makeUser(["curator"]);
    const bare = await makeFamily();
    const demo = await makeDemoFamily([curator.id]);
    cleanups.push(demo.cleanup);
    const listed = await listConsoleFamilies();
    for (const family of [bare, demo.family]) {
      expect(listed.find((f) => f.id === family.id)).toMatchObject({ title: family.title, openStage: (await getGateReport(family.id)).openStage });
    }
    expect(listed.find((f) => f.id === bare.id)!.openStage).toBe("anchoring");
  });
});
