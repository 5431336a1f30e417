import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZScaffoldSchema } from "@/lib/schemas/histories";
import { scaffoldHistories } from "@/lib/histories/scaffold-histories";

export const POST = route(
  { roles: ["curator"], params: ZFamilyParamsSchema, body: ZScaffoldSchema },
  async ({ user, params, body }) => scaffoldHistories(user.id, params.familyId, body),
);
