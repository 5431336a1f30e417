import { route } from "@/lib/http/route";
import { db } from "@/lib/db";
import { ZAssignmentParamsSchema, ZReviewDraftSchema } from "@/lib/schemas/reviews";
import { loadReviewerAssignment, toReviewerWorkspace } from "@/lib/review/reviewer-projection";
import { saveReviewDraft } from "@/lib/review/save-review-draft";

/** The blind workspace of one of the reviewer's own assignments. */
export const GET = route({ roles: ["reviewer"], params: ZAssignmentParamsSchema }, async ({ user, params }) =>
  toReviewerWorkspace(await loadReviewerAssignment(db(), user.id, params.assignmentId)),
);

/** Autosave; 409 with the current draft when another tab saved first. */
export const PUT = route({ roles: ["reviewer"], params: ZAssignmentParamsSchema, body: ZReviewDraftSchema }, async ({ user, params, body }) =>
  saveReviewDraft(user.id, params.assignmentId, body),
);
