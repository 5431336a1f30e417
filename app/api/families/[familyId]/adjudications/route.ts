import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZAdjudicationSchema } from "@/lib/schemas/reviews";
import { recordAdjudication } from "@/lib/review/record-adjudication";

/** Accept (with a rationale) or revise; may supersede the standing decision. */
export const POST = route({ roles: ["lead"], params: ZFamilyParamsSchema, body: ZAdjudicationSchema }, async ({ user, params, body }) =>
  recordAdjudication(user, params.familyId, body),
);
