import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZRunActionSchema } from "@/lib/schemas/runs";
import { jsonText } from "@/lib/http/respond";
import { listRunsJson } from "@/lib/families/list-runs-json";
import { requestCalibration, requestSingleRun, rerunFailed } from "@/lib/runs/request-runs";
import { assertFamilyAccess, assertMayOpenFamilies } from "@/lib/family-guard/access";
import { db } from "@/lib/db";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  assertMayOpenFamilies(user);
  // The family's existence is its fingerprint's (404 when there is none): one statement while nothing changed.
  return jsonText(await listRunsJson(params.familyId));
});

export const POST = route(
  { roles: ["curator", "lead"], params: ZFamilyParamsSchema, body: ZRunActionSchema },
  async ({ user, params, body }) => {
    await assertFamilyAccess(db(), user, params.familyId);
    switch (body.action) {
      case "calibrate":
        return requestCalibration(user.id, params.familyId);
      case "rerun_failed":
        return rerunFailed(user.id, params.familyId);
      case "checkout":
      case "collect":
        return requestSingleRun(user.id, params.familyId, body.action, new Date().toISOString());
    }
  },
);
