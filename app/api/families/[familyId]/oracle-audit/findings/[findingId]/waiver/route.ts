import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { waiveFinding } from "@/lib/oracle-audit/waive-finding";
import { ZOracleFindingParamsSchema, ZOracleWaiverSchema } from "@/lib/schemas/oracle-audit";

export const POST = route({ roles: ["lead"], params: ZOracleFindingParamsSchema, body: ZOracleWaiverSchema }, async ({ user, params, body }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return waiveFinding(user.id, params.familyId, params.findingId, body);
});
