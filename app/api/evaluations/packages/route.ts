import { route } from "@/lib/http/route";
import { listFrozenPackages } from "@/lib/evaluation/list-evaluations";

export const GET = route({ roles: ["lead", "admin"] }, async () => listFrozenPackages());
