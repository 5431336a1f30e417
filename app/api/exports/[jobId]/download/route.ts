import { z } from "zod";
import { route } from "@/lib/http/route";
import { ZIdSchema } from "@/lib/schemas/common";
import { exportJobFile } from "@/lib/package/start-suite-export";
import { fileResponse } from "@/lib/package/export-download";

export const GET = route(
  { roles: ["lead", "admin"], params: z.object({ jobId: ZIdSchema }), query: z.object({ kind: z.enum(["tar", "jsonl"]).default("tar") }) },
  async ({ params, query }) => fileResponse(await exportJobFile(params.jobId, query.kind)),
);
