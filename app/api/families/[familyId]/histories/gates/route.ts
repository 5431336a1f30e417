import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { assertFamilyAccess } from "@/lib/families/access";
import { getPathGates } from "@/lib/histories/get-path-gates";
import { loadReplayMatrix } from "@/lib/histories/load-replay-matrix";
import { db } from "@/lib/db";

/** The path-construction gates and the replay matrix behind the replay-signature gate. */
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ user, params }) => {
  await assertFamilyAccess(db(), user, params.familyId);
  const [paths, matrix] = await Promise.all([getPathGates(params.familyId), loadReplayMatrix(params.familyId)]);
  return { paths, matrix };
});
