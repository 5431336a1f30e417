import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { PATCH_MAX_BODY_BYTES } from "@/lib/schemas/patches";
import { ZSaveVerifierSchema } from "@/lib/schemas/verifier";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { getVerifier } from "@/lib/verifier/get-verifier";
import { saveVerifier } from "@/lib/verifier/save-verifier";
import { db } from "@/lib/db";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return getVerifier(params.familyId);
});

// The body carries the hidden test patch, so it gets the patch limit (2 MiB).
export const PUT = route(
  { roles: ["curator"], params: ZFamilyParamsSchema, body: ZSaveVerifierSchema, maxBodyBytes: PATCH_MAX_BODY_BYTES },
  async ({ user, params, body }) => saveVerifier(user.id, params.familyId, body),
);
