import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { summarize, suiteSentence, type TRevisionAgreement } from "./agreement";
import { agreementOf } from "./load-review-board";

/** Agreement per family and for the suite, from the current revision of every history. */
export async function loadSuiteAgreement(suiteId: string) {
  const suite = await db().suite.findUnique({
    where: { id: suiteId },
    select: {
      id: true, name: true,
      families: {
        orderBy: { createdAt: "asc" },
        select: {
          id: true, title: true,
          atoms: { where: { status: "accepted" }, select: { key: true } },
          histories: {
            orderBy: { condition: "asc" },
            select: {
              condition: true,
              revisions: {
                orderBy: { number: "desc" }, take: 1,
                select: {
                  id: true, number: true,
                  turns: { orderBy: { index: "asc" }, select: { text: true, activated: true, deactivated: true, restated: true } },
                  assignments: { where: { status: "submitted" }, select: { id: true, status: true, createdAt: true, overrideReason: true, reviewer: { select: { id: true, name: true } }, review: { select: { id: true, operations: true, finalSet: true, freeText: true, ambiguous: true, ambiguityNote: true, submittedAt: true } } } },
                  adjudications: { select: { id: true, decision: true, note: true, reviewIds: true, supersededById: true, createdAt: true, lead: { select: { id: true, name: true } } } },
                },
              },
            },
          },
        },
      },
    },
  });
  if (!suite) throw notFound("Suite", suiteId);
  const computed = suite.families.map((f) => {
    const keys = f.atoms.map((a) => a.key);
    const rows: TRevisionAgreement[] = f.histories.flatMap((h) => (h.revisions[0] ? [agreementOf(h.condition, h.revisions[0], keys)] : []));
    return { id: f.id, title: f.title, rows };
  });
  // κ pools the (history, catalog entry) decisions of every family of the suite.
  const summary = summarize(computed.flatMap((f) => f.rows));
  const families = computed.map((f) => ({ id: f.id, title: f.title, summary: summarize(f.rows), rows: f.rows.map(({ decisions: _d, ...row }) => row) }));
  return { suite: { id: suite.id, name: suite.name }, summary, sentence: suiteSentence(summary), families };
}
