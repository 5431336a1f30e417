// A generated two-atom family, as an import leaves it (lib/testing/curator-family.ts): the gold
// patch and the hidden test patch, the contract's atoms accepted — and no verifier command,
// probe, negative or history yet: the curator's session builds those.
import { e2eDatabaseUrl } from "./database-url";
import { ACCOUNTS } from "./fixtures";
import { createCuratorRepo, CURATOR_ATOMS } from "../lib/testing/curator-family";

export async function seedCuratorFamily(title: string): Promise<{ id: string; title: string }> {
  process.env.DATABASE_URL ??= e2eDatabaseUrl();
  const { db } = await import("../lib/db/client");
  const repo = await createCuratorRepo();
  const suite = await db().suite.findFirstOrThrow({ where: { name: "specpath-demo" } });
  const curator = await db().user.findUniqueOrThrow({ where: { email: ACCOUNTS.curator } });
  const family = await db().taskFamily.create({
    data: {
      suiteId: suite.id, title, repo: repo.dir, prNumber: 7, baseCommit: repo.base, mergeCommit: repo.merge,
      curators: { create: { userId: curator.id } },
      verifier: { create: { hiddenTestPatch: repo.hidden } },
      patches: { create: { kind: "gold", name: "gold", diff: repo.gold } },
    },
  });
  for (const [position, a] of CURATOR_ATOMS.entries()) {
    await db().atom.create({ data: { ...a, familyId: family.id, position, status: "accepted", scope: "clamp(value, low, high)", polarity: "require" } });
  }
  return { id: family.id, title };
}
