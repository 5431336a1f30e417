import { route } from "@/lib/http/route";
import { db } from "@/lib/db";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZCreateAnchorSchema } from "@/lib/schemas/evidence";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { createAnchor } from "@/lib/anchoring/evidence/create-anchor";
import { listAnchors } from "@/lib/anchoring/evidence/list-anchors";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return listAnchors(params.familyId);
});

export const POST = route({ roles: ["curator"], params: ZFamilyParamsSchema, body: ZCreateAnchorSchema }, async ({ user, params, body }) =>
  createAnchor(user.id, params.familyId, body),
);
