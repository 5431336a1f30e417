import { route } from "@/lib/http/route";
import { jsonText } from "@/lib/http/respond";
import { db } from "@/lib/db";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZEvidenceQuerySchema, ZUpdateEvidenceTextSchema } from "@/lib/schemas/evidence";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { getEvidence } from "@/lib/anchoring/evidence/get-evidence";
import { evidenceWithOpenedJsonText } from "@/lib/families/evidence-json-text";
import { updateEvidenceText } from "@/lib/anchoring/evidence/update-evidence-text";

/** `?open=<path>` (or `?open=` for the default file) adds the view of the file the page opens first (lib/families/evidence-json-text.ts). */
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema, query: ZEvidenceQuerySchema }, async ({ user, params, query }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  if (query.open === undefined) return getEvidence(params.familyId);
  return jsonText(await evidenceWithOpenedJsonText(params.familyId, query.open));
});

/** Issue and description text the source could not provide; the diff is never edited. */
export const PATCH = route({ roles: ["curator"], params: ZFamilyParamsSchema, body: ZUpdateEvidenceTextSchema }, async ({ user, params, body }) =>
  updateEvidenceText(user.id, params.familyId, body),
);
