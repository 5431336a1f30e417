import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZMineNegativesSchema } from "@/lib/schemas/mining";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { listMining } from "@/lib/patches/mining/list-mining";
import { requestMining } from "@/lib/patches/mining/request-mining";
import { db } from "@/lib/db";

/** The latest mining batch: candidates, verdicts, proposals per final atom; polled while its runs are active. */
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return listMining(params.familyId);
});

/** Mines candidate negatives from gold and queues their runs on the pool. */
export const POST = route({ roles: ["curator"], params: ZFamilyParamsSchema, body: ZMineNegativesSchema }, async ({ user, params, body }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return requestMining(user.id, params.familyId, body);
});
