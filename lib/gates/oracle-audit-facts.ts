// Pure: facts of the specification–oracle audit for the stage-5 gate.
import { z } from "zod";

// Facts of the specification–oracle audit (stage 5), gathered by lib/families/load-family-facts.ts.
export const ZOracleFindingFactSchema = z.object({
  revisionId: z.string().nullable(),
  category: z.enum(["hidden", "not_audited"]),
  kind: z.string(),
  name: z.string(),
  buildUnit: z.string(),
  probes: z.number().int().nonnegative(),
  resolution: z.enum(["addendum", "waived"]).nullable(),
  reason: z.string(),
});

export const ZOracleAuditFactsSchema = z.object({
  /** `revisionId@version` of every current history revision. */
  currentRevisionKeys: z.array(z.string()),
  /** The latest finished static audit, if any. */
  audit: z.object({ revisionKeys: z.array(z.string()), goldCurrent: z.boolean() }).nullable(),
  /** A static audit is queued or running. */
  running: z.boolean(),
  /** The latest static audit run ended without an audit (its message), if it did. */
  lastRunFailure: z.string().nullable().optional(),
  /** How many probes and guards the verifier runs: with none, no finding can be judged informational. */
  probeCount: z.number().int().nonnegative().optional(),
  /** That audit's findings for the current revisions, and its not-audited files. */
  findings: z.array(ZOracleFindingFactSchema),
});
export type TOracleAuditFacts = z.infer<typeof ZOracleAuditFactsSchema>;
