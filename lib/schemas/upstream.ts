// Pure: request and response shapes (zod) for the API.
import { z } from "zod";
import { ZVersionSchema } from "./common";

/** `owner/name`: GitHub's owner (letters, digits, hyphens) and repository name rules. */
export const UPSTREAM_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/;

export const ZUpstreamRepoSchema = z
  .string()
  .trim()
  .regex(UPSTREAM_PATTERN, "must be the upstream repository as owner/name, e.g. psf/requests")
  .refine((s) => !s.endsWith(".git") && !s.split("/")[1]!.startsWith("."), "must be owner/name without .git");

/** The family's upstream identity: `owner/name` and the PR number; `version` is the family's. */
export const ZSetUpstreamSchema = z.object({
  version: ZVersionSchema,
  upstreamRepo: ZUpstreamRepoSchema,
  prNumber: z.number({ error: "must be a number" }).int().positive().max(2147483647).nullable().optional(),
});
export type TSetUpstream = z.infer<typeof ZSetUpstreamSchema>;
