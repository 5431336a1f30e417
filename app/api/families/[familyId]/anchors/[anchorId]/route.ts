import { route } from "@/lib/http/route";
import { ZAnchorParamsSchema } from "@/lib/schemas/evidence";
import { deleteAnchor } from "@/lib/anchoring/evidence/delete-anchor";

export const DELETE = route({ roles: ["curator"], params: ZAnchorParamsSchema }, async ({ user, params }) =>
  deleteAnchor(user.id, params.familyId, params.anchorId),
);
