import { route } from "@/lib/http/route";
import { ZAtomParamsSchema, ZUpdateAtomSchema } from "@/lib/schemas/atoms";
import { updateAtom } from "@/lib/atoms/update-atom";

export const PATCH = route(
  { roles: ["curator"], params: ZAtomParamsSchema, body: ZUpdateAtomSchema },
  async ({ user, params, body }) => updateAtom(user.id, params.familyId, params.atomId, body),
);
