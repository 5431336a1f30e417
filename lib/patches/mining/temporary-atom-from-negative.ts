import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { insertAtom } from "@/lib/atoms/create-atom";
import { AppError, notFound } from "@/lib/errors/app-error";

/** "… at src/range.js:7": where the change sits is for the curator, not for a requirement. */
const withoutPlace = (description: string) => description.replace(/\s+at\s+\S+:\d+\b/g, "").trim();

/**
 * The override and cancellation paths need a temporary atom: a requirement stated first and
 * later replaced. A selective negative of a final atom is exactly such an earlier version —
 * gold with one behaviour taken back, every other probe and guard still passing — so the
 * curator can take it as the temporary atom that final atom replaces, in one decision. The
 * atom is accepted (the curator chose it) and recorded as a studio proposal (origin
 * heuristic); its text is a draft the curator may rewrite like any other.
 */
export async function temporaryAtomFromNegative(actorId: string, familyId: string, candidateId: string) {
  return db().$transaction(async (tx) => {
    const candidate = await tx.negativeCandidate.findFirst({ where: { id: candidateId, familyId }, select: { decision: true, description: true, patchId: true } });
    if (!candidate) throw notFound("Negative candidate", candidateId);
    const patch = candidate.patchId ? await tx.patch.findUnique({ where: { id: candidate.patchId }, select: { targetAtomId: true } }) : null;
    if (candidate.decision !== "accepted" || !patch?.targetAtomId) {
      throw new AppError("UNPROCESSABLE", "Accept the candidate as a negative first: the temporary atom is the behaviour that negative keeps, replaced by the atom it breaks.");
    }
    const target = await tx.atom.findUniqueOrThrow({ where: { id: patch.targetAtomId }, select: { key: true, statement: true, scope: true, inputCondition: true, polarity: true, status: true, role: true } });
    if (target.status !== "accepted" || target.role !== "final") throw new AppError("UNPROCESSABLE", `${target.key} is not an accepted final atom; only a final atom replaces a temporary one.`);
    const taken = await tx.atom.findFirst({ where: { familyId, role: "temporary", status: "accepted", replacedBy: { has: target.key } }, select: { key: true } });
    if (taken) throw new AppError("CONFLICT", `${taken.key} is already the temporary atom ${target.key} replaces.`);
    const claim = target.statement.trim().replace(/\.+$/, "");
    const proposed = await insertAtom(tx, actorId, familyId, {
      statement: `An earlier version of the request, before “${claim}”: the same behaviour, except that the code ${withoutPlace(candidate.description)}.`,
      scope: target.scope,
      inputCondition: target.inputCondition,
      polarity: target.polarity,
      observation: `What the code does with that change for this input; the behaviour “${claim}” does not hold yet, everything else does.`,
      role: "temporary",
      replacedBy: [target.key],
    }, "heuristic");
    await tx.atom.update({ where: { id: proposed.id }, data: { status: "accepted", version: { increment: 1 } } });
    const atom = { ...proposed, status: "accepted" as const, version: proposed.version + 1 };
    await recordEvent(tx, { actorId, action: "atom.accept", entity: "Atom", entityId: atom.id, familyId, before: proposed, after: { ...atom, fromNegativeCandidate: candidateId } });
    return atom;
  });
}
