import { route } from "@/lib/http/route";
import { db } from "@/lib/db";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { ZDiffFileParamsSchema, ZDiffFileQuerySchema, ZUpdateDiffFileSchema } from "@/lib/schemas/evidence";
import { getDiffFile } from "@/lib/anchoring/evidence/get-diff-file";
import { updateDiffFile } from "@/lib/anchoring/evidence/update-diff-file";

export const GET = route(
  { roles: ["curator", "lead", "admin"], params: ZDiffFileParamsSchema, query: ZDiffFileQuerySchema },
  async ({ user, params, query }) => {
    await assertFamilyAccess(db(), user, params.familyId);
    return getDiffFile(params.familyId, params.fileId, { contents: query.contents === "1" });
  },
);

export const PATCH = route({ roles: ["curator"], params: ZDiffFileParamsSchema, body: ZUpdateDiffFileSchema }, async ({ user, params, body }) =>
  updateDiffFile(user.id, params.familyId, params.fileId, body),
);
