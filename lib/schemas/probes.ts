// Pure: request and response shapes (zod) of the probes API.
import { z } from "zod";
import { ZIdSchema } from "./common";

/** A real suite collects thousands of tests; the picker sends them in pages of at most this many. */
export const MAX_PROBES_PER_REQUEST = 20_000;

/** A collected test id exactly as the collect job reported it (parameterized tests expand to one id each). */
export const ZTestIdSchema = z.string().min(1, "must not be empty").max(2000, "is too long");

/** The curator's explicit decision to use ids that several executed tests share (every one of them must pass). */
export const ZAcceptSharedSchema = z.object({
  testIds: z.array(ZTestIdSchema).min(1).max(MAX_PROBES_PER_REQUEST),
  reason: z.string().trim().min(1, "say why a shared id is an acceptable probe").max(2000),
});

export const ZAddProbesSchema = z.object({
  testIds: z.array(ZTestIdSchema).min(1, "pick at least one collected test").max(MAX_PROBES_PER_REQUEST, `at most ${MAX_PROBES_PER_REQUEST} tests in one request: send the rest in another`),
  acceptShared: ZAcceptSharedSchema.optional(),
  /** "guard": added as guard tests (PASS_TO_PASS), e.g. the guards execution proposes. Default: probes. */
  kind: z.enum(["probe", "guard"]).optional(),
});
export type TAddProbes = z.infer<typeof ZAddProbesSchema>;

export const ZProbeParamsSchema = z.object({ familyId: ZIdSchema, probeId: ZIdSchema });

/** One cell of the atom × probe coverage matrix: set, not toggled, so a repeated click is harmless. */
export const ZSetCoverageSchema = z.object({ atomId: ZIdSchema, covered: z.boolean() });
export type TSetCoverage = z.infer<typeof ZSetCoverageSchema>;

/** probe: covers atoms (FAIL_TO_PASS-style). guard: covers none, must keep passing (PASS_TO_PASS). */
export const ZProbeKindSchema = z.enum(["probe", "guard"]);
export const ZSetProbeKindSchema = z.object({ kind: ZProbeKindSchema, version: z.number().int().positive() });
export type TSetProbeKind = z.infer<typeof ZSetProbeKindSchema>;

export type TProbeDto = {
  id: string;
  testId: string;
  kind: "probe" | "guard";
  position: number;
  stale: boolean;
  version: number;
  atomIds: string[];
};

export type TCollectRunDto = {
  id: string;
  status: string;
  message: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
};

export type TProbesDto = {
  probes: TProbeDto[];
  /** The test ids the last successful collect job found: the only ids a probe may use. */
  collectedTests: string[];
  /** Collected ids that several executed tests share: a probe on one needs an explicit decision. */
  sharedTestIds: string[];
  collectRun: TCollectRunDto | null;
  /** Each collected id's outcome with gold and on the bare base (from the last collect run). */
  outcomes: Record<string, { gold: string; base: string | null }>;
  /** Collected ids passing on base and gold that are not yet probes: proposed as guard tests. */
  proposedGuards: string[];
  /** False until the verifier has a test command (collecting needs one). */
  canCollect: boolean;
};
