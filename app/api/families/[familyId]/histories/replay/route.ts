import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { requestCalibration } from "@/lib/runs/request-runs";

/** Requests the calibration matrix, which replays the fixed patches under the current core histories (existing runs are reused). */
export const POST = route({ roles: ["curator", "lead"], params: ZFamilyParamsSchema }, async ({ user, params }) =>
  requestCalibration(user.id, params.familyId),
);
