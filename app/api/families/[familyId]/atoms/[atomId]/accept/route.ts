import { route } from "@/lib/http/route";
import { ZAcceptAtomSchema, ZAtomParamsSchema } from "@/lib/schemas/atoms";
import { acceptAtom } from "@/lib/atoms/accept-atom";

export const POST = route(
  { roles: ["curator"], params: ZAtomParamsSchema, body: ZAcceptAtomSchema },
  async ({ user, params, body }) => acceptAtom(user.id, params.familyId, params.atomId, body),
);
