import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { assignFamily } from "@/lib/review/assign-family";

/** Assign the whole family, balanced by open assignments. */
export const POST = route({ roles: ["lead"], params: ZFamilyParamsSchema }, async ({ user, params }) => assignFamily(user, params.familyId));
