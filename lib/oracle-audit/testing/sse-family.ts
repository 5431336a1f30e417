import "server-only";
// The SSE fixture repository as a task family in the database.
import { db } from "../../db/client";
import { createSseRepo, SSE_HISTORY_TEXTS, SSE_PROBES } from "./sse-repo";

export { SSE_PROBES } from "./sse-repo";

/** The family with its verifier, probes, gold patch and two histories (both sent to review). */
export async function createSseFamily(suiteId: string, dir: string, options: { title?: string; curatorIds?: string[] } = {}) {
  const repo = createSseRepo(dir);
  const family = await db().taskFamily.create({
    data: {
      suiteId, title: options.title ?? "SSE values", repo: repo.dir,
      curators: { create: (options.curatorIds ?? []).map((userId) => ({ userId })) }, baseCommit: repo.baseCommit, mergeCommit: repo.baseCommit.replace(/.$/, (c) => (c === "0" ? "1" : "0")),
      verifier: {
        create: {
          testCommand: "node --test --test-reporter=junit --test-reporter-destination=$SPECPATH_REPORT test/",
          hiddenTestPatch: repo.hiddenTests,
          protocol: { historyPath: "HISTORY.md", historyFormat: "markdown", agentTimeoutSec: 1200 },
          collectedTests: SSE_PROBES,
        },
      },
      probes: { create: SSE_PROBES.map((testId, position) => ({ testId, position })) },
      patches: { create: [{ kind: "gold", name: "gold", diff: repo.gold }] },
      histories: {
        create: Object.entries(SSE_HISTORY_TEXTS).map(([condition, text]) => ({
          condition: condition as "direct" | "split",
          revisions: { create: { number: 1, status: "in_review", turns: { create: [{ index: 0, text }] } } },
        })),
      },
    },
  });
  return { family, repo };
}
