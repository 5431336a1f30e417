import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZDefaultPairSchema } from "@/lib/schemas/reviews";
import { setDefaultPair } from "@/lib/review/set-default-pair";

export const PUT = route({ roles: ["lead"], params: ZFamilyParamsSchema, body: ZDefaultPairSchema }, async ({ user, params, body }) =>
  setDefaultPair(user, params.familyId, body),
);
