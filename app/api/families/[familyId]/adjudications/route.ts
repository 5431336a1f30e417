import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZAdjudicationSchema } from "@/lib/schemas/reviews";
import { recordAdjudication } from "@/lib/review/record-adjudication";
import { listAdjudications } from "@/lib/review/list-adjudications";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { db } from "@/lib/db";

/** The decisions and their notes, for the curator who revises a history. */
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return listAdjudications(params.familyId);
});

/** Accept (with a rationale) or revise; may supersede the standing decision. */
export const POST = route({ roles: ["lead"], params: ZFamilyParamsSchema, body: ZAdjudicationSchema }, async ({ user, params, body }) =>
  recordAdjudication(user, params.familyId, body),
);
