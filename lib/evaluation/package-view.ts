// Pure: the part of a frozen package that evaluation reads — its instances and what grading runs.
// Read from the package content alone (never from the family's live rows).
import { z } from "zod";
import { ZConditionSchema, type TCondition } from "../contract/types";
import { slug } from "../package/swebench";
import { ZPackageSchema } from "../package/types";

// Picked from the one package schema (lib/package/types.ts), every field as it defines it; only
// what grading reads is required, so a package missing the rest (an older format) still grades.
const P = ZPackageSchema.shape;
export const ZGradablePackageSchema = z.object({
  family: P.family.pick({ title: true, version: true }).passthrough(),
  provenance: P.provenance.pick({ repo: true, baseCommit: true }).passthrough(),
  verifier: P.verifier
    .pick({ setupCommand: true, testCommand: true, resultFormat: true, timeoutSec: true, hiddenTestPatch: true })
    .extend({ image: P.verifier.shape.image.default(null), probes: z.array(z.object({ testId: z.string() }).passthrough()) })
    .passthrough(),
  protocol: P.protocol.pick({ historyPath: true, agentTimeoutSec: true }).passthrough(),
  histories: z.array(z.object({ condition: ZConditionSchema }).passthrough()),
}).passthrough();
export type TGradablePackage = z.infer<typeof ZGradablePackageSchema>;

/** As the SWE-bench export (lib/package/swebench.ts) names it: `<family slug>-v<version>__<condition>`. */
export const familySlug = (content: TGradablePackage) => `${slug(content.family.title)}-v${content.family.version}`;

export function instancesOf(content: TGradablePackage, packageHash: string): { instanceId: string; family: string; condition: TCondition; packageHash: string }[] {
  const family = familySlug(content);
  return content.histories.map((h) => ({ instanceId: `${family}__${h.condition}`, family, condition: h.condition, packageHash }));
}
