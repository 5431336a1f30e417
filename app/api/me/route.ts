import { route } from "@/lib/http/route";

export const GET = route({ roles: "any" }, async ({ user }) => user);
