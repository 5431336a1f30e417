import { route } from "@/lib/http/route";
import { ZAtomParamsSchema, ZRejectAtomSchema } from "@/lib/schemas/atoms";
import { rejectAtom } from "@/lib/atoms/reject-atom";

export const POST = route(
  { roles: ["curator"], params: ZAtomParamsSchema, body: ZRejectAtomSchema },
  async ({ user, params, body }) => rejectAtom(user.id, params.familyId, params.atomId, body),
);
