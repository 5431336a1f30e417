import { route } from "@/lib/http/route";
import { ZAtomAnchorParamsSchema } from "@/lib/schemas/atoms";
import { removeAnchor } from "@/lib/atoms/remove-anchor";

export const DELETE = route(
  { roles: ["curator"], params: ZAtomAnchorParamsSchema },
  async ({ user, params }) => removeAnchor(user.id, params.familyId, params.atomId, params.anchorId),
);
