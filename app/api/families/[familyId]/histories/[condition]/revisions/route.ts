import { route } from "@/lib/http/route";
import { ZCreateRevisionSchema, ZHistoryParamsSchema } from "@/lib/schemas/histories";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { createRevision } from "@/lib/histories/create-revision";
import { listRevisions } from "@/lib/histories/list-revisions";
import { db } from "@/lib/db";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZHistoryParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return listRevisions(params.familyId, params.condition);
});

/** Starts the history, or opens the next revision as a copy of the latest one once that left draft. */
export const POST = route(
  { roles: ["curator"], params: ZHistoryParamsSchema, body: ZCreateRevisionSchema },
  async ({ user, params, body }) => createRevision(user.id, params.familyId, params.condition, body),
);
