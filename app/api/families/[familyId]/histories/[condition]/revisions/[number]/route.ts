import { route } from "@/lib/http/route";
import { ZRevisionParamsSchema, ZSaveRevisionSchema } from "@/lib/schemas/histories";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { getRevision } from "@/lib/histories/get-revision";
import { saveRevision } from "@/lib/histories/save-revision";
import { db } from "@/lib/db";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZRevisionParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return getRevision(params.familyId, params.condition, params.number);
});

/** Saves a draft's turns from `version`: 409 with the current copy when stale or no longer a draft. */
export const PUT = route(
  { roles: ["curator"], params: ZRevisionParamsSchema, body: ZSaveRevisionSchema },
  async ({ user, params, body }) => saveRevision(user.id, params.familyId, params.condition, params.number, body),
);
