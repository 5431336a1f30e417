import { z } from "zod";
import { route } from "@/lib/http/route";
import { ZFamilyParamsSchema } from "@/lib/schemas/common";
import { exportDownload } from "@/lib/package/export-download";

const ZQuerySchema = z.object({ format: z.enum(["native", "jsonl", "harbor"]) });

/** Downloads one export of the family's frozen package, produced from the package alone. */
export const GET = route({ roles: ["curator", "lead", "admin"], params: ZFamilyParamsSchema, query: ZQuerySchema }, async ({ params, query }) =>
  exportDownload(params.familyId, query.format),
);
