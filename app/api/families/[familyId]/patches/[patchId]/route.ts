import { route } from "@/lib/http/route";
import { PATCH_MAX_BODY_BYTES, ZDeletePatchQuerySchema, ZPatchParamsSchema, ZUpdatePatchSchema } from "@/lib/schemas/patches";
import { updatePatch } from "@/lib/patches/update-patch";
import { deletePatch } from "@/lib/patches/delete-patch";

export const PATCH = route(
  { roles: ["curator"], params: ZPatchParamsSchema, body: ZUpdatePatchSchema, maxBodyBytes: PATCH_MAX_BODY_BYTES },
  async ({ user, params, body }) => updatePatch(user.id, params.familyId, params.patchId, body),
);

export const DELETE = route(
  { roles: ["curator"], params: ZPatchParamsSchema, query: ZDeletePatchQuerySchema },
  async ({ user, params, query }) => deletePatch(user.id, params.familyId, params.patchId, query.version),
);
