// A patch whose path leaves the repository is refused with 422 and git's own reason,
// never a 500, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "@/lib/testing/db";
import { callRoute, makeUser } from "@/lib/testing/factories";
import { db } from "@/lib/db";
import * as patches from "@/app/api/families/[familyId]/patches/route";
import { makeDemoFamily } from "@/lib/testing/patches-demo-family";

process.env.NEXTAUTH_SECRET ??= "test-secret";

let curator: { id: string };
let demo: Awaited<ReturnType<typeof makeDemoFamily>>;
beforeAll(async () => {
  await useFreshDatabase();
  curator = await makeUser(["curator"]);
  demo = await makeDemoFamily([curator.id]);
});
afterAll(() => demo.cleanup());

const post = (name: string, diff: string) => callRoute(patches.POST, { userId: curator.id, params: { familyId: demo.family.id }, body: { kind: "alternative", name, diff } });

describe("patch paths outside the repository", () => {
  for (const [label, file] of [["a new file above the root", "../escape.txt"], ["an absolute-looking path", "../../etc/cron.d/evil"], ["a path through .git", ".git/hooks/post-checkout"]] as const) {
    it(`refuses ${label} with 422 and git's reason`, async () => {
      const before = await db().patch.count();
      const diff = `diff --git a/${file} b/${file}\nnew file mode 100644\n--- /dev/null\n+++ b/${file}\n@@ -0,0 +1 @@\n+pwned\n`;
      const res = await post(`alt-${label.replace(/\W+/g, "-")}`, diff);
      expect(res.status, JSON.stringify(res.json)).toBe(422);
      expect(res.json.error).toMatch(/git|outside|invalid path|beyond a symbolic link/i);
      expect(await db().patch.count()).toBe(before);
    });
  }
});
