import { route } from "@/lib/http/route";
import { ZCreateSuiteSchema } from "@/lib/schemas/suites";
import { listSuites } from "@/lib/suites/list-suites";
import { createSuite } from "@/lib/suites/create-suite";

export const GET = route({ roles: ["curator", "lead", "admin"] }, async () => listSuites());

export const POST = route({ roles: ["curator", "lead", "admin"], body: ZCreateSuiteSchema }, async ({ user, body }) =>
  createSuite(user.id, body),
);
