import { z } from "zod";
import { route } from "@/lib/http/route";
import { ZIdSchema } from "@/lib/schemas/common";
import { getExportJob } from "@/lib/package/start-suite-export";

export const GET = route({ roles: ["lead", "admin"], params: z.object({ jobId: ZIdSchema }) }, async ({ params }) => {
  const { file: _file, ...job } = await getExportJob(params.jobId);
  return job;
});
