import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { requestCheckout } from "@/lib/anchoring/evidence/request-checkout";

export const POST = route({ roles: ["curator"], params: ZFamilyParamsSchema }, async ({ user, params }) => requestCheckout(user.id, params.familyId));
