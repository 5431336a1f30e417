import { route } from "@/lib/http/route";
import { ZAtomParamsSchema, ZCreateAnchorSchema } from "@/lib/schemas/atoms";
import { addAnchor } from "@/lib/atoms/add-anchor";

export const POST = route(
  { roles: ["curator"], params: ZAtomParamsSchema, body: ZCreateAnchorSchema },
  async ({ user, params, body }) => addAnchor(user.id, params.familyId, params.atomId, body),
);
