import { route } from "@/lib/http/route";
import { db } from "@/lib/db";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZUpdateEvidenceTextSchema } from "@/lib/schemas/evidence";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { getEvidence } from "@/lib/anchoring/evidence/get-evidence";
import { updateEvidenceText } from "@/lib/anchoring/evidence/update-evidence-text";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return getEvidence(params.familyId);
});

/** Issue and description text the source could not provide; the diff is never edited. */
export const PATCH = route({ roles: ["curator"], params: ZFamilyParamsSchema, body: ZUpdateEvidenceTextSchema }, async ({ user, params, body }) =>
  updateEvidenceText(user.id, params.familyId, body),
);
