import { route } from "@/lib/http/route";
import { ZSuiteParamsSchema } from "@/lib/schemas/common";
import { getSuiteDashboard } from "@/lib/suites/suite-dashboard";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZSuiteParamsSchema }, async ({ params }) => getSuiteDashboard(params.suiteId));
