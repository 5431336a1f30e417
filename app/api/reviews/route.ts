import { route } from "@/lib/http/route";
import { listInbox } from "@/lib/review/list-inbox";

/** The reviewer's inbox: opaque labels and statuses only. */
export const GET = route({ roles: ["reviewer"] }, async ({ user }) => listInbox(user.id));
