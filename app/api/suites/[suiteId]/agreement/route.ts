import { route } from "@/lib/http/route";
import { ZSuiteParamsSchema } from "@/lib/schemas/common";
import { loadSuiteAgreement } from "@/lib/review/load-suite-agreement";

/** Agreement statistics per family and per suite, with the method's sentence. */
export const GET = route({ roles: ["lead", "curator", "admin"], params: ZSuiteParamsSchema }, async ({ params }) => loadSuiteAgreement(params.suiteId));
