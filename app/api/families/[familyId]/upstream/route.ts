import { route } from "@/lib/http/route";
import { db } from "@/lib/db";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZSetUpstreamSchema } from "@/lib/schemas/upstream";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { setFamilyUpstream } from "@/lib/anchoring/upstream/set-family-upstream";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  return db().taskFamily.findUniqueOrThrow({ where: { id: params.familyId }, select: { upstreamRepo: true, prNumber: true, mergedAt: true, version: true } });
});

/** The upstream `owner/name` (and PR number) exports write as `repo`; required before freeze. */
export const PATCH = route({ roles: ["curator", "lead"], params: ZFamilyParamsSchema, body: ZSetUpstreamSchema }, async ({ user, params, body }) =>
  setFamilyUpstream(user.id, params.familyId, body),
);
