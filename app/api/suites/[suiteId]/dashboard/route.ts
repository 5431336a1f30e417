import { route } from "@/lib/http/route";
import { jsonText } from "@/lib/http/respond";
import { ZSuiteParamsSchema } from "@/lib/schemas/common";
import { getSuiteDashboardJson } from "@/lib/suites/suite-dashboard";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZSuiteParamsSchema }, async ({ params }) => jsonText(await getSuiteDashboardJson(params.suiteId)));
