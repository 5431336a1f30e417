import { route } from "@/lib/http/route";
import { jsonText } from "@/lib/http/respond";
import { assertMayOpenFamilies } from "@/lib/family-guard/access";
import { ZDiffFileParamsSchema, ZDiffFileQuerySchema, ZUpdateDiffFileSchema } from "@/lib/schemas/evidence";
import { diffFileJsonText } from "@/lib/families/evidence-json-text";
import { updateDiffFile } from "@/lib/anchoring/evidence/update-diff-file";

export const GET = route(
  { roles: ["curator", "lead", "admin"], params: ZDiffFileParamsSchema, query: ZDiffFileQuerySchema },
  async ({ user, params, query }) => {
    // The family's existence is read with its fingerprint (404 when there is none).
    assertMayOpenFamilies(user);
    return jsonText(await diffFileJsonText(params.familyId, params.fileId, query.contents === "1"));
  },
);

export const PATCH = route({ roles: ["curator"], params: ZDiffFileParamsSchema, body: ZUpdateDiffFileSchema }, async ({ user, params, body }) =>
  updateDiffFile(user.id, params.familyId, params.fileId, body),
);
