import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { ZReorderAtomsSchema } from "@/lib/schemas/atoms";
import { reorderAtoms } from "@/lib/atoms/reorder-atoms";

export const PUT = route(
  { roles: ["curator"], params: ZFamilyParamsSchema, body: ZReorderAtomsSchema },
  async ({ user, params, body }) => reorderAtoms(user.id, params.familyId, body),
);
