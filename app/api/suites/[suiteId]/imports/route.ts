import { route } from "@/lib/http/route";
import { ZSuiteParamsSchema } from "@/lib/schemas/common";
import { ZStartImportSchema } from "@/lib/schemas/imports";
import { listImports } from "@/lib/anchoring/imports/get-import";
import { startImport } from "@/lib/anchoring/imports/start-import";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZSuiteParamsSchema }, async ({ params }) => listImports(params.suiteId));

/** Starts an import and answers at once with the job; poll GET /api/imports/{id} for its progress. */
export const POST = route({ roles: ["curator"], params: ZSuiteParamsSchema, body: ZStartImportSchema }, async ({ user, params, body }) =>
  startImport(user.id, params.suiteId, body),
);
