import { route } from "@/lib/http/route";
import { ZSuiteParamsSchema } from "@/lib/schemas/common";
import { getSuiteOracleAccuracy } from "@/lib/oracle-audit/get-suite-accuracy";

// The suite page's specification–oracle audit panel.
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZSuiteParamsSchema }, async ({ params }) => getSuiteOracleAccuracy(params.suiteId));
