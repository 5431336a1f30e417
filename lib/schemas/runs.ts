// Pure: request shapes (zod) of the runs API.
import { z } from "zod";

export const ZRunActionSchema = z.object({
  action: z.enum(["calibrate", "rerun_failed", "checkout", "collect"], { error: "must be calibrate, rerun_failed, checkout or collect" }),
});
export type TRunAction = z.infer<typeof ZRunActionSchema>;
