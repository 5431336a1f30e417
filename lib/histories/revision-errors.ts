// Pure: the refusal for a change to a revision that is no longer a draft.
import { AppError } from "@/lib/errors/app-error";

const STATUS_WORDS: Record<string, string> = {
  in_review: "was sent to review",
  accepted: "was accepted",
  superseded: "was superseded",
};

/** A revision that left draft is immutable: refuse the edit, say why and what to do instead. */
export function notDraft(revision: { number: number; status: string; sentToReviewAt: Date | null }, condition: string, current: unknown) {
  const when = revision.sentToReviewAt ? ` on ${revision.sentToReviewAt.toISOString().slice(0, 16).replace("T", " ")} UTC` : "";
  return new AppError(
    "CONFLICT",
    `Revision ${revision.number} of ${condition} ${STATUS_WORDS[revision.status] ?? `is ${revision.status}`}${when} and can no longer be edited; start a new revision to change it.`,
    { current },
  );
}
