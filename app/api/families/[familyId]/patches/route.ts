import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { PATCH_MAX_BODY_BYTES, ZCreatePatchSchema } from "@/lib/schemas/patches";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { listPatches } from "@/lib/patches/list-patches";
import { createPatch } from "@/lib/patches/create-patch";
import { db } from "@/lib/db";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return listPatches(params.familyId);
});

// Patches may be up to 2 MiB (PATCH_MAX_BODY_BYTES); other JSON bodies keep the 1 MiB default.
export const POST = route(
  { roles: ["curator"], params: ZFamilyParamsSchema, body: ZCreatePatchSchema, maxBodyBytes: PATCH_MAX_BODY_BYTES },
  async ({ user, params, body }) => createPatch(user.id, params.familyId, body),
);
