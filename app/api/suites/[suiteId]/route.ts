import { route } from "@/lib/http/route";
import { ZSuiteParamsSchema } from "@/lib/schemas/common";
import { getSuite } from "@/lib/suites/list-suites";
import { notFound } from "@/lib/errors/app-error";

// The suite page's header and family list (the page is a prerendered shell that asks here).
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZSuiteParamsSchema }, async ({ params }) => {
  const suite = await getSuite(params.suiteId);
  if (!suite) throw notFound("Suite", params.suiteId);
  const { settings: _settings, ...rest } = suite;
  return rest;
});
