import { z } from "zod";
import { ZIdSchema, ZVersionSchema } from "./common";

export const ZOracleFindingParamsSchema = z.object({ familyId: ZIdSchema, findingId: ZIdSchema });

export const ZOracleAddendumSchema = z.object({
  sentence: z.string().trim().min(10, "must state the name, path or literal (at least 10 characters)").max(2000, "is too long"),
  version: ZVersionSchema,
});
export type TOracleAddendum = z.infer<typeof ZOracleAddendumSchema>;

export const ZOracleWaiverSchema = z.object({
  rationale: z.string().trim().min(10, "must say why the dependency is acceptable (at least 10 characters)").max(2000, "is too long"),
  version: ZVersionSchema,
  /** family: one waiver for every history (resolve once); history: this finding's history only. */
  scope: z.enum(["family", "history"]).default("family"),
});
export type TOracleWaiver = z.infer<typeof ZOracleWaiverSchema>;

export type TOracleFindingDto = {
  id: string;
  version: number;
  category: "hidden" | "not_audited";
  kind: string;
  name: string;
  module: string | null;
  reason: string;
  buildUnit: string;
  scope: "unit" | "test";
  probeTestIds: string[];
  evidence: { file?: string; line?: number; text?: string; definedAt?: { file: string; line: number | null } | null };
  addendum: string | null;
  resolution: "addendum" | "waived" | null;
  rationale: string | null;
  counterfactual: { outcome: string | null; mutation: string; failed: number; predicted: number; message: string | null } | null;
};

export type TOracleAuditDto = {
  audit: null | {
    id: string;
    createdAt: string;
    current: boolean;
    dependencies: number;
    histories: { revisionId: string; condition: string; number: number | null; current: boolean; counts: Record<string, number>; findings: TOracleFindingDto[] }[];
    notAudited: TOracleFindingDto[];
    counterfactuals: { decided: number; confirmed: number; pending: number; precision: number | null; blastRadiusAccuracy: number | null };
  };
  running: boolean;
  lastRunMessage: string | null;
};
