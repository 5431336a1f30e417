import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZRunActionSchema } from "@/lib/schemas/runs";
import { listRuns } from "@/lib/runs/list-runs";
import { requestCalibration, requestSingleRun, rerunFailed } from "@/lib/runs/request-runs";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { db } from "@/lib/db";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return listRuns(params.familyId);
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
