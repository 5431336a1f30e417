import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { placeAddendumAndRerun } from "@/lib/oracle-audit/place-addendum";
import { ZOracleAddendumSchema, ZOracleFindingParamsSchema } from "@/lib/schemas/oracle-audit";

export const POST = route({ roles: ["curator"], params: ZOracleFindingParamsSchema, body: ZOracleAddendumSchema }, async ({ user, params, body }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return placeAddendumAndRerun(user.id, params.familyId, params.findingId, body);
});
