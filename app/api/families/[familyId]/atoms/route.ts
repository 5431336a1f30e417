import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZCreateAtomSchema } from "@/lib/schemas/atoms";
import { listCatalog } from "@/lib/atoms/list-catalog";
import { createAtom } from "@/lib/atoms/create-atom";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { db } from "@/lib/db";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return listCatalog(params.familyId);
});

export const POST = route(
  { roles: ["curator"], params: ZFamilyParamsSchema, body: ZCreateAtomSchema },
  async ({ user, params, body }) => createAtom(user.id, params.familyId, body),
);
