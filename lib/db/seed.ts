// Demo data for `npm start` on an empty database: one account per role (plus a
// second reviewer) and the demo suite with a family built from a real git repo.
import path from "node:path";
import fs from "node:fs";
import type { Db } from "./client";
import { hashPassword } from "@/lib/auth/password";
import { recordEvent } from "@/lib/audit-log/record-event";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";

export const DEMO_PASSWORD = "specpath-demo";
export const COMPLETE_DEMO_TITLE = "Secret lookup, fully built";

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

  const { suite, lead, curator } = await prisma.$transaction(async (tx) => {
    const users = [];
    for (const user of DEMO_USERS) {
      users.push(await tx.user.create({ data: { ...user, roles: [...user.roles], passwordHash } }));
    }
    const [, lead, curator] = users;
    const suite = await tx.suite.create({
      data: { name: "specpath-demo", description: "Demo suite: one family from a small secrets library." },
    });
    return { suite, lead: lead!, curator: curator! };
  });
  const { family } = await buildDemoFamily(prisma, { suiteId: suite.id, repo, leadId: lead.id, curatorIds: [curator.id] });
  // A second family with its evidence and all seven histories written, ready to calibrate.
  const completeRepoDir = path.join(dataDir, "demo-repos", "vault-lite-complete");
  fs.rmSync(completeRepoDir, { recursive: true, force: true });
  await buildDemoFamily(prisma, {
    suiteId: suite.id, repo: createDemoRepo(completeRepoDir), leadId: lead.id, curatorIds: [curator.id], title: COMPLETE_DEMO_TITLE, complete: true,
  });
  await recordEvent(prisma, { actorId: null, action: "demo.seed", entity: "Suite", entityId: suite.id, familyId: family.id, after: { suite: suite.name, family: family.title } });
}
