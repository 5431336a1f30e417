import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { applySlice } from "@/lib/anchoring/evidence/apply-slice";

/** "Use slice as gold / hidden tests". */
export const POST = route({ roles: ["curator"], params: ZFamilyParamsSchema }, async ({ user, params }) => applySlice(user.id, params.familyId));
