import { z } from "zod";
import { ZUpstreamRepoSchema } from "@/lib/anchoring/upstream/upstream-name";
import { ZVersionSchema } from "./common";

/** The family's upstream identity: `owner/name` and the PR number; `version` is the family's. */
export const ZSetUpstreamSchema = z.object({
  version: ZVersionSchema,
  upstreamRepo: ZUpstreamRepoSchema,
  prNumber: z.number({ error: "must be a number" }).int().positive().max(2147483647).nullable().optional(),
});
export type TSetUpstream = z.infer<typeof ZSetUpstreamSchema>;
