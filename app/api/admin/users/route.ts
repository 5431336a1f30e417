import { route } from "@/lib/http/route";
import { listUsers } from "@/lib/users/list-users";
import { createUser } from "@/lib/users/create-user";
import { ZCreateUserSchema } from "@/lib/schemas/users";

export const GET = route({ roles: ["admin", "lead"] }, async () => listUsers());

export const POST = route({ roles: ["admin"], body: ZCreateUserSchema }, async ({ user, body }) => createUser(user.id, body));
