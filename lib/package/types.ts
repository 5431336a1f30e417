// Pure: the frozen package's content. Everything a harness needs, as plain data; its
// canonical JSON's sha256 is the package id. Checked with zod when a package is imported.
import { z } from "zod";
import { ZEnvironmentSchema } from "./environment";
import { ZResultFormatSchema, ZHistoryFormatSchema, ZPatchKindSchema, ZAnnotationKindSchema } from "../contract/types";

export const PACKAGE_SCHEMA = "specpath.package/1";
export const CONSTRUCTION_AUDIT_SCHEMA_VERSION = "4.0";

const ZSignatureRowSchema = z.object({
  kind: z.string(),
  role: z.string(),
  patch: z.string().nullable(),
  condition: z.string().nullable(),
  status: z.string(),
  signature: z.string().nullable(),
});

export const ZAtomEntrySchema = z.object({
  key: z.string(),
  statement: z.string(),
  scope: z.string(),
  inputCondition: z.string(),
  polarity: z.string(),
  observation: z.string(),
  role: z.string(),
  replacedBy: z.array(z.string()),
  origin: z.string(),
  anchors: z.array(z.object({ source: z.string(), filePath: z.string().nullable(), lineStart: z.number().nullable(), lineEnd: z.number().nullable(), quote: z.string() })),
});

export const ZPackagePatchSchema = z.object({
  name: z.string(),
  kind: ZPatchKindSchema,
  targetAtom: z.string().nullable(),
  mode: z.string().nullable(),
  diff: z.string(),
});
export type TPackagePatch = z.infer<typeof ZPackagePatchSchema>;

export const ZTurnTextSchema = z.object({ index: z.number().int(), text: z.string() });
export const ZTraceTurnSchema = z.object({ index: z.number().int(), activated: z.array(z.string()), deactivated: z.array(z.string()), restated: z.array(z.string()) });

export const ZPackageSchema = z.object({
  schema: z.literal(PACKAGE_SCHEMA),
  family: z.object({ title: z.string(), suite: z.string(), version: z.number().int().positive(), previousPackage: z.string().nullable() }),
  provenance: z.object({
    /** Where the studio cloned it from (a URL or a local path): for the studio's own runs only, never exported. */
    repo: z.string(),
    /** The upstream `owner/name` exports name as `repo` (packages frozen before it existed lack it). */
    upstream: z.string().optional(),
    /** The merge commit's date, ISO 8601 (SWE-bench `created_at`). */
    mergedAt: z.string().nullable().optional(),
    prNumber: z.number().int().nullable(),
    baseCommit: z.string(),
    mergeCommit: z.string(),
    /** sha256 of each captured evidence text, so the package proves what it was built from. */
    evidence: z.record(z.string(), z.string()),
    files: z.array(z.object({ path: z.string(), kind: z.string(), inSlice: z.boolean(), reason: z.string().nullable() })),
  }),
  contract: z.object({
    atoms: z.array(ZAtomEntrySchema),
    /** Rejected and merged candidates, with the reason each was not kept. */
    candidates: z.array(z.object({ key: z.string(), statement: z.string(), status: z.string(), reason: z.string().nullable(), mergedInto: z.string().nullable() })),
    /** C* = M* ∪ P, sorted keys. */
    finalContract: z.array(z.string()),
  }),
  verifier: z.object({
    setupCommand: z.string().nullable(),
    testCommand: z.string(),
    resultFormat: ZResultFormatSchema,
    timeoutSec: z.number(),
    image: z.string().nullable(),
    probes: z.array(z.object({ testId: z.string(), atoms: z.array(z.string()) })),
    /** Collected tests that are not probes: PASS_TO_PASS. */
    guardTests: z.array(z.string()),
    coverage: z.record(z.string(), z.array(z.string())),
    hiddenTestPatch: z.string(),
  }),
  /** The family's one environment (base image, runtimes, packages, setup script); absent in packages frozen before it. */
  environment: ZEnvironmentSchema.optional(),
  protocol: z.object({ historyPath: z.string(), historyFormat: ZHistoryFormatSchema, agentTimeoutSec: z.number(), verifierTimeoutSec: z.number(), retryPolicy: z.string() }),
  patches: z.array(ZPackagePatchSchema),
  /** Visible text only; the hidden events are in `traces`. */
  histories: z.array(z.object({ condition: z.string(), revision: z.number().int(), turns: z.array(ZTurnTextSchema) })),
  traces: z.array(z.object({ condition: z.string(), revision: z.number().int(), turns: z.array(ZTraceTurnSchema) })),
  audit: z.object({
    revisions: z.array(z.object({
      condition: z.string(),
      number: z.number().int(),
      status: z.string(),
      current: z.boolean(),
      turns: z.array(z.object({ text: z.string(), activated: z.array(z.string()), deactivated: z.array(z.string()), restated: z.array(z.string()) })),
      reviews: z.array(z.object({ reviewer: z.string(), finalSet: z.array(z.string()), operations: z.unknown(), ambiguous: z.boolean(), ambiguityNote: z.string().nullable(), freeText: z.unknown(), submittedAt: z.string().nullable() })),
      adjudications: z.array(z.object({ lead: z.string(), decision: z.string(), note: z.string(), at: z.string() })),
    })),
    gates: z.array(z.object({ stage: z.string(), key: z.string(), title: z.string(), status: z.string(), evidence: z.array(z.object({ label: z.string(), detail: z.string() })) })),
    runs: z.array(ZSignatureRowSchema),
  }),
  construction_audit: z.object({
    schema_version: z.literal(CONSTRUCTION_AUDIT_SCHEMA_VERSION),
    family: z.string(),
    counts: z.record(z.string(), z.number()),
    probes: z.array(z.string()),
    calibration: z.array(z.object({ role: z.string(), patch: z.string().nullable(), target: z.string().nullable(), signature: z.string().nullable() })),
    replay: z.array(z.object({ condition: z.string(), role: z.string(), patch: z.string().nullable(), signature: z.string().nullable() })),
    review: z.array(z.object({ condition: z.string(), revision: z.number().int(), reviews: z.number().int(), exactMatch: z.number().int(), ambiguous: z.number().int() })),
    stages: z.array(z.object({ stage: z.string(), status: z.string() })),
  }),
});
export type TPackage = z.infer<typeof ZPackageSchema>;

export const ZAnnotationSchema = z.object({ kind: ZAnnotationKindSchema, body: z.string(), rationale: z.string(), author: z.string(), createdAt: z.string() });
export type TAnnotation = z.infer<typeof ZAnnotationSchema>;
