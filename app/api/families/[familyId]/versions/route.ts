import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { openNewVersion } from "@/lib/package/open-new-version";

/** Opens draft version N+1 of a frozen family; the frozen one and its package stay. */
export const POST = route({ roles: ["lead"], params: ZFamilyParamsSchema }, async ({ user, params }) => openNewVersion(user, params.familyId));
