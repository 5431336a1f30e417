import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZAssignReviewerSchema } from "@/lib/schemas/reviews";
import { assignReviewerAs } from "@/lib/review/assign-reviewer";

export const POST = route({ roles: ["lead"], params: ZFamilyParamsSchema, body: ZAssignReviewerSchema }, async ({ user, params, body }) =>
  assignReviewerAs(user, { familyId: params.familyId, ...body }),
);
