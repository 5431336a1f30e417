import { route } from "@/lib/http/route";
import { ZImportParamsSchema } from "@/lib/schemas/imports";
import { resumeImport } from "@/lib/anchoring/imports/resume-import";

export const POST = route({ roles: ["curator"], params: ZImportParamsSchema }, async ({ user, params }) => resumeImport(user.id, params.importId));
