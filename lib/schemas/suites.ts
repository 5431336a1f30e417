// Pure: request shapes (zod) of the suites API.
import { z } from "zod";

export const ZCreateSuiteSchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, "must be at least 2 characters")
    .max(80, "must be at most 80 characters")
    .regex(/^[a-z0-9][a-z0-9._-]*$/, "use lowercase letters, digits, '.', '-' or '_' (e.g. specpath-v1)"),
  description: z.string().max(2000).default(""),
});
export type TCreateSuite = z.infer<typeof ZCreateSuiteSchema>;
