import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import type { TRejectCandidate } from "@/lib/schemas/candidates";
import { candidateSelect, toCandidateDto } from "./candidate-select";

/** A curator's rejection, with the reason; an admitted candidate stays admitted. */
export async function rejectCandidate(actorId: string, suiteId: string, candidateId: string, input: TRejectCandidate) {
  return db().$transaction(async (tx) => {
    const before = await tx.candidate.findFirst({ where: { id: candidateId, suiteId }, select: candidateSelect });
    if (!before) throw notFound("Candidate", candidateId);
    if (before.status === "admitted") {
      throw new AppError("CONFLICT", `This candidate was admitted${before.family ? ` as "${before.family.title}"` : ""}; it cannot be rejected.`);
    }
    const { count } = await tx.candidate.updateMany({
      where: { id: candidateId, status: { not: "admitted" }, version: input.version ?? before.version },
      data: { status: "rejected", statusReason: input.reason, version: { increment: 1 } },
    });
    if (count === 0) throw staleVersion("The candidate", toCandidateDto(before));
    const after = await tx.candidate.findUniqueOrThrow({ where: { id: candidateId }, select: candidateSelect });
    await recordEvent(tx, {
      actorId, action: "candidate.reject", entity: "Candidate", entityId: candidateId,
      before: { status: before.status, statusReason: before.statusReason }, after: { status: after.status, statusReason: after.statusReason },
    });
    return toCandidateDto(after);
  });
}
