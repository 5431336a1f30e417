import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { getPackageView } from "@/lib/package/get-package-view";
import { freezeFamily } from "@/lib/package/freeze-family";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema }, async ({ params }) => getPackageView(params.familyId));

/** Freeze (lead only; every gate green). */
export const POST = route({ roles: ["lead"], params: ZFamilyParamsSchema }, async ({ user, params }) => freezeFamily(user, params.familyId));
