// Pure: request and response shapes (zod) of negative mining.
import { z } from "zod";
import { ZIdSchema } from "./common";
import { ZDiffTextSchema } from "./patches";

export const ZMineNegativesSchema = z.object({
  /** At most this many candidates are run (smallest first, every operator represented). */
  limit: z.number().int().min(1).max(200).optional(),
});
export type TMineNegatives = z.infer<typeof ZMineNegativesSchema>;

export const ZCandidateParamsSchema = z.object({ familyId: ZIdSchema, candidateId: ZIdSchema });

export const ZDecideCandidateSchema = z.discriminatedUnion("decision", [
  z.object({
    decision: z.literal("accept"),
    version: z.number().int().positive(),
    /** The final atom it is proposed for (or another accepted final atom the curator picks). */
    targetAtomId: ZIdSchema,
    name: z.string().trim().min(1, "is required").max(120).optional(),
    /** The curator's edit of the candidate's diff; the candidate's own diff when absent. */
    diff: ZDiffTextSchema.optional(),
  }),
  z.object({ decision: z.literal("reject"), version: z.number().int().positive() }),
]);
export type TDecideCandidate = z.infer<typeof ZDecideCandidateSchema>;

export type TCandidateDto = {
  id: string;
  operator: string;
  description: string;
  diff: string;
  size: number;
  version: number;
  decision: "proposed" | "accepted" | "rejected";
  patchId: string | null;
  /** queued | running | a run status; "not run" when its run was removed. */
  runStatus: string;
  /** The final atom whose probes alone it fails; null while running or when not selective. */
  selectiveFor: string | null;
  failing: string[];
  /** Why it is (not) selective, in a sentence; null while its run is not finished. */
  verdict: string | null;
};

export type TMiningDto = {
  batch: null | {
    id: string;
    /** The run that generates the candidates: queued or running, then its outcome and message. */
    generation: { status: string; message: string | null };
    startedAt: string;
    finishedAt: string | null;
    /** Candidates the generator made before the limit; `tried` of them were run. */
    generated: number;
    tried: number;
    finished: number;
    selective: number;
    /** Wall time of the batch on the pool divided by the final atoms it mined for. */
    secondsPerAtom: number | null;
  };
  atoms: { id: string; key: string; proposals: TCandidateDto[] }[];
  candidates: TCandidateDto[];
};
