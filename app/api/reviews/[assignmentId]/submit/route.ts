import { route } from "@/lib/http/route";
import { ZAssignmentParamsSchema, ZSubmitReviewSchema } from "@/lib/schemas/reviews";
import { submitReview } from "@/lib/review/submit-review";

export const POST = route({ roles: ["reviewer"], params: ZAssignmentParamsSchema, body: ZSubmitReviewSchema }, async ({ user, params, body }) =>
  submitReview(user.id, params.assignmentId, body),
);
