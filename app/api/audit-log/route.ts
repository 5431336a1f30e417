import { route } from "@/lib/http/route";
import { ZAuditQuerySchema } from "@/lib/schemas/audit-log";
import { listEvents } from "@/lib/audit-log/list-events";

export const GET = route({ roles: ["lead", "admin"], query: ZAuditQuerySchema }, async ({ query }) => listEvents(query));
