import "server-only";
// A fully built demo family (all seven histories) in a temp git repo, each history's
// first revision sent to review through the curator's real code path.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { db } from "@/lib/db";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { sendToReview } from "@/lib/review/send-to-review";
import { makeSuite } from "@/lib/testing/factories";
import type { TCondition } from "@/lib/contract";

export async function makeReviewFamily(curatorId: string, options: { send?: TCondition[] | "all"; leadId?: string } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-review-"));
  const repo = createDemoRepo(path.join(dir, "vault-lite"));
  const suite = await makeSuite();
  const { family, atoms } = await buildDemoFamily(db(), { suiteId: suite.id, repo, curatorIds: [curatorId], leadId: options.leadId ?? null, complete: true });
  const histories = await db().history.findMany({ where: { familyId: family.id }, select: { condition: true, revisions: { select: { id: true, version: true } } } });
  const revisionOf: Partial<Record<TCondition, string>> = {};
  for (const h of histories) {
    revisionOf[h.condition] = h.revisions[0]!.id;
    if (options.send === "all" || (options.send ?? []).includes(h.condition)) {
      await sendToReview(curatorId, family.id, h.condition, 1, { version: h.revisions[0]!.version });
    }
  }
  return { family, suite, atoms, revisionOf: revisionOf as Record<TCondition, string>, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
