import { route } from "@/lib/http/route";
import { ZRevisionParamsSchema, ZSendToReviewSchema } from "@/lib/schemas/histories";
import { sendToReview } from "@/lib/review/send-to-review";

export const POST = route(
  { roles: ["curator"], params: ZRevisionParamsSchema, body: ZSendToReviewSchema },
  async ({ user, params, body }) => sendToReview(user.id, params.familyId, params.condition, params.number, body),
);
