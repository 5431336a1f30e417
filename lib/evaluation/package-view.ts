// Pure: the part of a frozen package that evaluation reads — its instances and what grading runs.
// Read from the package content alone (never from the family's live rows).
import { z } from "zod";
import { ZConditionSchema, type TCondition } from "../contract/types";
import { slug } from "../package/swebench";

export const ZGradablePackageSchema = z.object({
  family: z.object({ title: z.string(), version: z.number().int().positive() }).passthrough(),
  provenance: z.object({ repo: z.string(), baseCommit: z.string() }).passthrough(),
  verifier: z.object({
    setupCommand: z.string().nullable(),
    testCommand: z.string(),
    resultFormat: z.enum(["junit", "tap"]),
    timeoutSec: z.number(),
    image: z.string().nullable().default(null),
    probes: z.array(z.object({ testId: z.string() }).passthrough()),
    hiddenTestPatch: z.string(),
  }).passthrough(),
  protocol: z.object({ historyPath: z.string(), agentTimeoutSec: z.number() }).passthrough(),
  histories: z.array(z.object({ condition: ZConditionSchema }).passthrough()),
}).passthrough();
export type TGradablePackage = z.infer<typeof ZGradablePackageSchema>;

/** As the SWE-bench export (lib/package/swebench.ts) names it: `<family slug>-v<version>__<condition>`. */
export const familySlug = (content: TGradablePackage) => `${slug(content.family.title)}-v${content.family.version}`;

export function instancesOf(content: TGradablePackage, packageHash: string): { instanceId: string; family: string; condition: TCondition; packageHash: string }[] {
  const family = familySlug(content);
  return content.histories.map((h) => ({ instanceId: `${family}__${h.condition}`, family, condition: h.condition, packageHash }));
}
