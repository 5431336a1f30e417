import { route } from "@/lib/http/route";
import { ZAssignmentParamsSchema, ZRevealReviewSchema } from "@/lib/schemas/reviews";
import { revealReview } from "@/lib/review/reveal-review";

/** A lead's explicit, audit-logged look at one extraction before both reviews are in. */
export const POST = route({ roles: ["lead"], params: ZAssignmentParamsSchema, body: ZRevealReviewSchema }, async ({ user, params, body }) =>
  revealReview(user, params.assignmentId, body.reason),
);
