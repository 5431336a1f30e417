import { route } from "@/lib/http/route";
import { ZRevisionParamsSchema, ZWaiveLeakSchema } from "@/lib/schemas/histories";
import { waiveLeakHit } from "@/lib/histories/waive-leak-hit";

/** Waives one leak-lint hit of a revision, with a reason (the path gate then accepts it). */
export const POST = route(
  { roles: ["curator"], params: ZRevisionParamsSchema, body: ZWaiveLeakSchema },
  async ({ user, params, body }) => waiveLeakHit(user.id, params.familyId, params.condition, params.number, body),
);
