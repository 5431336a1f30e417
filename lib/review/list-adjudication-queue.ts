import "server-only";
import { db } from "@/lib/db";
import { suiteSentence } from "./agreement";
import { loadReviewBoard } from "./load-review-board";

/** Families with reviews, and how many current revisions wait for the lead's decision. */
export async function listAdjudicationQueue() {
  const families = await db().taskFamily.findMany({
    where: { histories: { some: { revisions: { some: { assignments: { some: {} } } } } } },
    orderBy: { createdAt: "asc" },
    select: { id: true, title: true, suite: { select: { id: true, name: true } } },
  });
  const out = [];
  for (const f of families) {
    const board = await loadReviewBoard(f.id);
    out.push({
      id: f.id, title: f.title, suiteId: f.suite.id, suite: f.suite.name,
      waiting: board.histories.filter((h) => h.current.agreement?.needsAdjudication).length,
      sentence: suiteSentence(board.summary),
    });
  }
  return out;
}
