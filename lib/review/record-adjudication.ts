import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";
import { assertFamilyAccess, assertNotFrozen } from "@/lib/family-guard/access";
import type { TSessionUser } from "@/lib/auth/current-user";
import type { TAdjudication } from "@/lib/schemas/reviews";
import { lockFamilyHistories } from "@/lib/histories/find-revision";

/**
 * The lead's decision on the reviews of a current revision: accept (a reviewer
 * erred; the rationale says why) or revise (a new draft revision, a copy of this
 * one, for the curator to rewrite; fresh reviewers review it). A decision is its
 * own record; a later one may supersede it, and no submitted review is edited.
 */
export async function recordAdjudication(user: TSessionUser, familyId: string, input: TAdjudication) {
  return db().$transaction(async (tx) => {
    const family = await assertFamilyAccess(tx, user, familyId);
    await assertNotFrozen(family.frozen, familyId);
    await lockFamilyHistories(tx, familyId);
    const revision = await tx.historyRevision.findUnique({
      where: { id: input.revisionId },
      select: {
        id: true, number: true, status: true, historyId: true,
        history: { select: { familyId: true, condition: true } },
        turns: { orderBy: { index: "asc" }, select: { index: true, text: true, activated: true, deactivated: true, restated: true } },
        assignments: { where: { status: "submitted" }, select: { review: { select: { id: true } } } },
      },
    });
    if (!revision || revision.history.familyId !== familyId) throw notFound("History revision", input.revisionId);
    const name = `Revision ${revision.number} of the ${revision.history.condition} history`;
    const latest = await tx.historyRevision.findFirstOrThrow({ where: { historyId: revision.historyId }, orderBy: { number: "desc" }, select: { number: true } });
    if (latest.number !== revision.number) throw new AppError("CONFLICT", `${name} is no longer current (revision ${latest.number} is); decide on the current revision.`);
    const reviewIds = revision.assignments.flatMap((a) => (a.review ? [a.review.id] : []));
    if (reviewIds.length < 2) throw new AppError("UNPROCESSABLE", `${name} has ${reviewIds.length} submitted review${reviewIds.length === 1 ? "" : "s"}; a decision needs both.`);
    let superseded: { id: string; decision: string } | null = null;
    if (input.supersedesId) {
      superseded = await tx.adjudication.findUnique({ where: { id: input.supersedesId }, select: { id: true, decision: true, revisionId: true, supersededById: true } }).then((d) => {
        if (!d || d.revisionId !== revision.id) throw new AppError("INVALID_INPUT", "supersedesId: not a decision on this revision.", { fieldErrors: { supersedesId: ["is not a decision on this revision"] } });
        if (d.supersededById) throw new AppError("CONFLICT", "That decision was already superseded; supersede the standing one.");
        return d;
      });
    } else {
      const standing = await tx.adjudication.findFirst({ where: { revisionId: revision.id, supersededById: null }, select: { id: true } });
      if (standing) throw new AppError("CONFLICT", `${name} already has a standing decision; supersede it explicitly (supersedesId).`, { current: standing });
    }
    const decision = await tx.adjudication.create({
      data: { revisionId: revision.id, leadId: user.id, decision: input.decision, note: input.rationale, reviewIds },
      select: { id: true, decision: true, note: true, reviewIds: true, createdAt: true },
    });
    if (superseded) await tx.adjudication.update({ where: { id: superseded.id }, data: { supersededById: decision.id } });
    let newRevision: { id: string; number: number } | null = null;
    if (input.decision === "revise") {
      newRevision = await tx.historyRevision.create({ data: { historyId: revision.historyId, number: revision.number + 1, createdById: user.id }, select: { id: true, number: true } });
      await tx.turn.createMany({ data: revision.turns.map((t) => ({ revisionId: newRevision!.id, index: t.index, text: t.text, activated: t.activated, deactivated: t.deactivated, restated: t.restated })) });
      await tx.historyRevision.update({ where: { id: revision.id }, data: { status: "superseded", version: { increment: 1 } } });
    }
    await recordEvent(tx, {
      actorId: user.id, action: `adjudication.${input.decision}`, entity: "Adjudication", entityId: decision.id, familyId,
      before: superseded ? { supersedes: superseded.id, decision: superseded.decision } : undefined,
      after: { revisionId: revision.id, condition: revision.history.condition, number: revision.number, rationale: input.rationale, reviewIds, newRevision: newRevision?.number ?? null },
    });
    return { decision: { ...decision, createdAt: decision.createdAt.toISOString() }, newRevision };
  });
}
