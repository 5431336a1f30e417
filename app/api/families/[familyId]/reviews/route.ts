import { route } from "@/lib/http/route";
import { db } from "@/lib/db";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { loadReviewBoard } from "@/lib/review/load-review-board";

/** The lead's review board: assignments, agreement and decisions per history. */
export const GET = route({ roles: ["lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return loadReviewBoard(params.familyId);
});
