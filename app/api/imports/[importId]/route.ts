import { route } from "@/lib/http/route";
import { ZImportParamsSchema } from "@/lib/schemas/imports";
import { getImport } from "@/lib/anchoring/imports/get-import";

export const GET = route({ roles: ["curator", "lead", "admin"], params: ZImportParamsSchema }, async ({ params }) => getImport(params.importId));
