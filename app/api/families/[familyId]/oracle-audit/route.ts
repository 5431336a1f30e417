import { db } from "@/lib/db";
import { route } from "@/lib/http/route";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { getOracleAudit } from "@/lib/oracle-audit/get-oracle-audit";
import { requestOracleAudit } from "@/lib/oracle-audit/request-oracle-audit";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return getOracleAudit(params.familyId);
});

export const POST = route({ roles: ["curator", "lead"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return requestOracleAudit(user.id, params.familyId);
});
