import { route } from "@/lib/http/route";
import { ZAtomParamsSchema, ZMergeAtomSchema } from "@/lib/schemas/atoms";
import { mergeAtom } from "@/lib/atoms/merge-atom";

export const POST = route(
  { roles: ["curator"], params: ZAtomParamsSchema, body: ZMergeAtomSchema },
  async ({ user, params, body }) => mergeAtom(user.id, params.familyId, params.atomId, body),
);
