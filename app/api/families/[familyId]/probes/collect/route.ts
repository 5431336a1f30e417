import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { latestCollectRun } from "@/lib/probes/list-probes";
import { requestCollect } from "@/lib/probes/request-collect";
import { db } from "@/lib/db";

/** The latest collect run, polled by the page while it is queued or running. */
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return { run: await latestCollectRun(params.familyId) };
});

export const POST = route({ roles: ["curator"], params: ZFamilyParamsSchema }, async ({ user, params }) => ({
  run: await requestCollect(user.id, params.familyId),
}));
