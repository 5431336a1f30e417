import { route } from "@/lib/http/route";
import { queueStatus } from "@/lib/runs/queue-status";

export const GET = route({ roles: ["lead", "admin"] }, async () => queueStatus());
