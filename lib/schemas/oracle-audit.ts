// Pure: request shapes (zod) of the specification–oracle audit API (its response, TOracleAuditDto,
// is lib/oracle-audit/oracle-audit-dto.ts: it carries the audit's own listing rows).
import { z } from "zod";
import { ZIdSchema, ZVersionSchema } from "./common";

export const ZOracleFindingParamsSchema = z.object({ familyId: ZIdSchema, findingId: ZIdSchema });

export const ZOracleAddendumSchema = z.object({
  sentence: z.string().trim().min(10, "must state the name, path or literal (at least 10 characters)").max(2000, "is too long")
    .refine((s) => !s.includes("\u0000"), "must not contain the character U+0000 (write it as \\u0000)"),
  version: ZVersionSchema,
});
export type TOracleAddendum = z.infer<typeof ZOracleAddendumSchema>;

export const ZOracleWaiverSchema = z.object({
  rationale: z.string().trim().min(10, "must say why the dependency is acceptable (at least 10 characters)").max(2000, "is too long")
    .refine((s) => !s.includes("\u0000"), "must not contain the character U+0000"),
  version: ZVersionSchema,
  /** family: one waiver for every history (resolve once); history: this finding's history only. */
  scope: z.enum(["family", "history"]).default("family"),
});
export type TOracleWaiver = z.infer<typeof ZOracleWaiverSchema>;
