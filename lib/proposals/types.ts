// Pure: the shapes proposers read and write.
import { z } from "zod";
import { ZPolaritySchema, ZAtomRoleSchema, ZAnchorSourceSchema } from "@/lib/contract/types";

// Proposers suggest candidate atoms from a family's evidence. They are construction aids:
// every proposal lands as a `proposed` atom that a person accepts, rejects or merges.

export const ZProposalAnchorSchema = z.object({
  source: ZAnchorSourceSchema,
  filePath: z.string().min(1).nullable(),
  lineStart: z.number().int().positive().nullable(),
  lineEnd: z.number().int().positive().nullable(),
  quote: z.string(),
});
export type TProposalAnchor = z.infer<typeof ZProposalAnchorSchema>;

export const ZProposalSchema = z.object({
  statement: z.string().trim().min(1).max(2000),
  scope: z.string().trim().max(500),
  inputCondition: z.string().trim().max(1000),
  polarity: ZPolaritySchema,
  observation: z.string().trim().max(2000),
  role: ZAtomRoleSchema,
  anchors: z.array(ZProposalAnchorSchema).max(20),
  /** Collected test ids the proposal was read from (execution proposals): accepted, they become its probes. */
  testIds: z.array(z.string().min(1)).max(20).optional(),
});
export type TProposal = z.infer<typeof ZProposalSchema>;

/** What a proposer reads: the family's visible evidence and its in-slice changes. */
export type TProposalInput = {
  title: string;
  issue: string;
  description: string;
  review: string;
  /** The hidden test patch, or the PR's in-slice test diff. */
  testPatch: string;
  /** The gold patch, or the PR's in-slice source diff. */
  sourcePatch: string;
  /** Statements already in the catalog (any status), so a proposer need not repeat them. */
  existing: string[];
  /** The last collection's tests with their outcome on gold and on the base, when it ran on both. */
  executed?: { id: string; gold: string; base: string | null; baseMessage?: string | null }[];
};

export interface TProposer {
  readonly origin: "heuristic" | "model";
  propose(input: TProposalInput): Promise<TProposal[]>;
}
