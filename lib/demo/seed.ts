import "server-only";
// Demo data for `npm start` on an empty database: one account per role (plus a
// second reviewer) and the demo suite with a family built from a real git repo.
import path from "node:path";
import fs from "node:fs";
import type { Db } from "@/lib/db/client";
import { hashPassword } from "@/lib/auth/password";
import { recordEvent } from "@/lib/audit-log/record-event";
import { createDemoRepo } from "./demo-repo";
import { buildDemoFamily } from "./build-demo-family";
import { execFileSync } from "node:child_process";

export const DEMO_PASSWORD = "specpath-demo";
export const COMPLETE_DEMO_TITLE = "Secret lookup, fully built";

export const DEMO_USERS = [
  { email: "admin@specpath.test", name: "Ada Admin", roles: ["admin"] },
  { email: "lead@specpath.test", name: "Lee Lead", roles: ["lead"] },
  { email: "curator@specpath.test", name: "Cora Curator", roles: ["curator"] },
  { email: "reviewer@specpath.test", name: "Rey Reviewer", roles: ["reviewer"] },
  { email: "reviewer2@specpath.test", name: "Rio Reviewer", roles: ["reviewer"] },
  // Fresh reviewers for the demo family's revised history (a revision is never re-reviewed by the same two).
  { email: "reviewer3@specpath.test", name: "Ray Reviewer", roles: ["reviewer"] },
  { email: "reviewer4@specpath.test", name: "Ria Reviewer", roles: ["reviewer"] },
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
      data: { name: "specpath-demo", description: "Demo suite: two families from a small secrets library, one in construction and one fully built." },
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
  seedDemoReviews(COMPLETE_DEMO_TITLE);
  await recordEvent(prisma, { actorId: null, action: "demo.seed", entity: "Suite", entityId: suite.id, familyId: family.id, after: { suite: suite.name, family: family.title } });
}

/** The fully built family's blind reviews, adjudication and re-review, through the studio's own code paths (lib/demo/demo-reviews.ts). */
function seedDemoReviews(title: string) {
  const root = path.resolve(import.meta.dirname, "..", "..");
  execFileSync(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(root, "scripts/seed-demo-reviews.ts"), title], { cwd: root, env: process.env, stdio: "inherit" });
}
