import { z } from "zod";
import { route } from "@/lib/http/route";
import { ZUpdateUserRolesSchema } from "@/lib/schemas/users";
import { updateUserRoles } from "@/lib/users/update-user-roles";

export const PATCH = route(
  { roles: ["admin"], params: z.object({ userId: z.string().min(1) }), body: ZUpdateUserRolesSchema },
  async ({ user, params, body }) => updateUserRoles(user.id, params.userId, body),
);
