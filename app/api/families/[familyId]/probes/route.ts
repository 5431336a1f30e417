import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZAddProbesSchema } from "@/lib/schemas/probes";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { listProbes } from "@/lib/probes/list-probes";
import { addProbes } from "@/lib/probes/add-probes";
import { db } from "@/lib/db";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return listProbes(params.familyId);
});

export const POST = route(
  // A real suite's guards arrive in one request: thousands of ids.
  { roles: ["curator"], params: ZFamilyParamsSchema, body: ZAddProbesSchema, maxBodyBytes: 8 * 1024 * 1024 },
  async ({ user, params, body }) => addProbes(user.id, params.familyId, body),
);
