import { route } from "@/lib/http/route";
import { ZAtomParamsSchema } from "@/lib/schemas/atoms";
import { ZCreateAnchorSchema } from "@/lib/schemas/evidence";
import { createAnchor } from "@/lib/anchoring/evidence/create-anchor";

/** Attaches an evidence anchor to the atom: the evidence tab's anchor shape and mutation. */
export const POST = route(
  { roles: ["curator"], params: ZAtomParamsSchema, body: ZCreateAnchorSchema },
  async ({ user, params, body }) => createAnchor(user.id, params.familyId, { ...body, atomId: params.atomId }),
);
