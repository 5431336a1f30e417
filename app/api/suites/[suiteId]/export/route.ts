import { route } from "@/lib/http/route";
import { ZSuiteParamsSchema } from "@/lib/schemas/common";
import { startSuiteExport } from "@/lib/package/start-suite-export";

/** Starts a suite export job; poll /api/exports/<id>, then download. */
export const POST = route({ roles: ["lead", "admin"], params: ZSuiteParamsSchema }, async ({ user, params }) => startSuiteExport(user.id, params.suiteId));
