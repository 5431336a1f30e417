import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, staleVersion } from "@/lib/errors/app-error";
import type { TCondition } from "@/lib/contract";
import type { TSendToReview } from "@/lib/schemas/histories";
import { checkHistory, reviewBlockers } from "@/lib/histories/check-history";
import { revisionSelect, toRevisionDto } from "@/lib/histories/history-select";
import { loadLatestHistories } from "@/lib/histories/load-latest-histories";
import { loadDraftForChange } from "@/lib/histories/load-draft-for-change";
import { assignDefaultPair } from "./assign-default-pair";
import { lintHistoryText } from "@/lib/histories/leak-lint";

/**
 * Freezes a draft revision for review: status in_review, sentToReviewAt set.
 * Only a revision that replays to C* with its condition's structure, has no
 * placeholder ([draft]) or empty turn, and no leak-lint hit a curator has not waived
 * may go to blind reviewers; the refusal lists every reason.
 */
export async function sendToReview(actorId: string, familyId: string, condition: TCondition, number: number, input: TSendToReview) {
  return db().$transaction(async (tx) => {
    const { family, before, current } = await loadDraftForChange(tx, familyId, condition, number);
    if (before.version !== input.version) throw staleVersion(`Revision ${number} of ${condition}`, current);
    const others = await loadLatestHistories(tx, familyId);
    const check = checkHistory({ condition, turns: current.turns }, { catalog: family.catalog, others });
    const blockers = [...reviewBlockers(check), ...(await unwaivedLeaks(tx, familyId, before.id, current.turns))];
    if (blockers.length > 0) {
      throw new AppError("UNPROCESSABLE", `Revision ${number} of ${condition} cannot go to review yet: ${blockers.slice(0, 5).join(" ")}${blockers.length > 5 ? ` …and ${blockers.length - 5} more.` : ""}`);
    }
    const sentAt = new Date();
    const { count } = await tx.historyRevision.updateMany({
      where: { id: before.id, version: input.version, status: "draft" },
      data: { status: "in_review", sentToReviewAt: sentAt, version: { increment: 1 } },
    });
    if (count === 0) throw staleVersion(`Revision ${number} of ${condition}`, current);
    const after = toRevisionDto(await tx.historyRevision.findUniqueOrThrow({ where: { id: before.id }, select: revisionSelect }));
    await recordEvent(tx, {
      actorId, action: "history_revision.send_to_review", entity: "HistoryRevision", entityId: before.id, familyId,
      before: { condition, number, status: before.status, version: before.version },
      after: { condition, number, status: after.status, version: after.version, sentToReviewAt: after.sentToReviewAt },
    });
    const reviewers = input.assignDefaultPair ? await assignDefaultPair(tx, actorId, familyId, before.id) : null;
    return reviewers ? { ...after, reviewers } : after;
  });
}

type TTx = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

/** Leak-lint hits of the revision as the path gate lints (every atom key, every probe name), less the waived ones. */
async function unwaivedLeaks(tx: TTx, familyId: string, revisionId: string, turns: readonly { text: string }[]): Promise<string[]> {
  // One query at a time: a transaction is one connection.
  const atoms = await tx.atom.findMany({ where: { familyId }, select: { key: true } });
  const probes = await tx.probe.findMany({ where: { familyId }, select: { testId: true } });
  const waivers = await tx.leakWaiver.findMany({ where: { revisionId }, select: { turn: true, kind: true, match: true } });
  const waived = new Set(waivers.map((w) => `${w.turn}\u0000${w.kind}\u0000${w.match}`));
  return lintHistoryText(turns, { atomKeys: atoms.map((a) => a.key), probeTestIds: probes.map((p) => p.testId) })
    .filter((hit) => !waived.has(`${hit.turn}\u0000${hit.kind}\u0000${hit.match}`))
    .map((hit) => `${hit.message.replace(/\.$/, "")} (an unwaived leak-lint hit: rewrite the turn, or waive the hit with a reason).`);
}
