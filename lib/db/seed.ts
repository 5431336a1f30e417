// Demo data for `npm start` on an empty database: one account per role (plus a
// second reviewer) and the demo suite with a family built from a real git repo.
import path from "node:path";
import fs from "node:fs";
import type { Db } from "./client";
import { hashPassword } from "@/lib/auth/password";
import { recordEvent } from "@/lib/audit/record-event";
import { createDemoRepo, DEMO_TEST_COMMAND } from "@/lib/demo/demo-repo";

export const DEMO_PASSWORD = "specpath-demo";

export const DEMO_USERS = [
  { email: "admin@specpath.test", name: "Ada Admin", roles: ["admin"] },
  { email: "lead@specpath.test", name: "Lee Lead", roles: ["lead"] },
  { email: "curator@specpath.test", name: "Cora Curator", roles: ["curator"] },
  { email: "reviewer@specpath.test", name: "Rey Reviewer", roles: ["reviewer"] },
  { email: "reviewer2@specpath.test", name: "Rio Reviewer", roles: ["reviewer"] },
] as const;

export async function isSeeded(prisma: Db): Promise<boolean> {
  return (await prisma.user.count()) > 0;
}

export async function seedDemo(prisma: Db, dataDir: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const repoDir = path.join(dataDir, "demo-repos", "vault-lite");
  fs.rmSync(repoDir, { recursive: true, force: true });
  const repo = createDemoRepo(repoDir);

  await prisma.$transaction(async (tx) => {
    const users = [];
    for (const user of DEMO_USERS) {
      users.push(await tx.user.create({ data: { ...user, roles: [...user.roles], passwordHash } }));
    }
    const [, lead, curator] = users;
    const suite = await tx.suite.create({
      data: { name: "specpath-demo", description: "Demo suite: one family from a small secrets library." },
    });
    const family = await tx.taskFamily.create({
      data: {
        suiteId: suite.id,
        title: "Required and optional secret lookup",
        repo: repo.dir,
        prNumber: 13,
        baseCommit: repo.baseCommit,
        mergeCommit: repo.mergeCommit,
        leadId: lead!.id,
        curators: { create: [{ userId: curator!.id }] },
        evidence: {
          create: {
            issueTitle: "Missing secrets fail silently",
            issueBody: "getSecret returns undefined when a secret is missing, so callers crash later with a confusing error.",
            prTitle: "Split secret lookup into required and optional",
            prBody: "A missing required secret now raises SecretNotFoundError; optional lookups return null instead.",
          },
        },
        verifier: { create: { testCommand: DEMO_TEST_COMMAND, protocol: { historyPath: "HISTORY.md", agentTimeoutSec: 1200 } } },
        atoms: {
          create: [
            { key: "A1", position: 0, statement: "A required lookup of a missing secret raises SecretNotFoundError.", scope: "getSecret(name)", inputCondition: "the secret is not set and the lookup is not optional", polarity: "require", observation: "SecretNotFoundError is thrown", role: "final", status: "accepted" },
            { key: "A2", position: 1, statement: "An optional lookup of a missing secret returns null.", scope: "getSecret(name, { optional: true })", inputCondition: "the secret is not set", polarity: "require", observation: "the call returns null", role: "final", status: "accepted" },
            { key: "A3", position: 2, statement: "An optional lookup of a present secret returns its value.", scope: "getSecret(name, { optional: true })", inputCondition: "the secret is set", polarity: "require", observation: "the stored value is returned", role: "fixed", status: "accepted" },
            { key: "A4", position: 3, statement: "A lookup of a missing secret returns an empty string.", scope: "getSecret(name)", inputCondition: "the secret is not set", polarity: "require", observation: "the call returns \"\"", role: "temporary", status: "accepted", replacedBy: ["A1", "A2"] },
          ],
        },
      },
    });
    await recordEvent(tx, { actorId: null, action: "demo.seed", entity: "Suite", entityId: suite.id, familyId: family.id, after: { suite: suite.name, family: family.title } });
  });
}
