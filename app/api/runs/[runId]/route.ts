import { z } from "zod";
import { route } from "@/lib/http/route";
import { getRun } from "@/lib/runs/list-runs";
import { notFound } from "@/lib/errors/app-error";

export const GET = route({ roles: ["curator", "lead", "admin"], params: z.object({ runId: z.string().min(1) }) }, async ({ params }) => {
  const run = await getRun(params.runId);
  if (!run) throw notFound("Run", params.runId);
  return run;
});
