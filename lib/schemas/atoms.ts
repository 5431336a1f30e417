// Pure: request and response shapes (zod) of the atoms API.
import { z } from "zod";
import { ZAtomKeySchema as ZContractAtomKeySchema, ZAtomRoleSchema, ZAtomStatusSchema, ZPolaritySchema, type TAtomRole, type TAtomStatus, type TPolarity } from "@/lib/contract/types";
import { ZIdSchema, ZVersionSchema, INT4_MAX, int4Message } from "./common";

export const ZAtomOriginSchema = z.enum(["curator", "heuristic", "model"]);

export type TAtomOrigin = z.infer<typeof ZAtomOriginSchema>;

/** Help text shown beside the polarity field (the method's rule, not a UI nicety). */
export const POLARITY_HELP: Record<TPolarity, string> = {
  require: "The behavior must happen under the input condition.",
  forbid: "The behavior must not happen. Use it only when a prohibition is stated: the absence of a request is not a prohibition.",
  restore: "An earlier behavior must come back, so keeping the obsolete behavior is testably wrong.",
};

export const ROLE_HELP: Record<TAtomRole, string> = {
  final: "In the final contract M*: activated by the histories.",
  fixed: "A fixed obligation P: active in every history.",
  temporary: "Only on override or cancellation paths; name the final atom(s) that replace it.",
};

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);
/** An atom key as typed: trimmed, then the contract's own key rule. */
const ZAtomKeyInputSchema = z.string().trim().pipe(ZContractAtomKeySchema);
const reason = text(2000).min(1, "is required: say why");

export const ZAtomFieldsSchema = z.object({
  statement: text(2000).min(1, "is required"),
  scope: text(500),
  inputCondition: text(1000),
  polarity: ZPolaritySchema,
  observation: text(2000),
  role: ZAtomRoleSchema,
  replacedBy: z.array(ZAtomKeyInputSchema).max(50),
});

export const ZCreateAtomSchema = ZAtomFieldsSchema.partial({
  scope: true,
  inputCondition: true,
  polarity: true,
  observation: true,
  role: true,
  replacedBy: true,
}).extend({
  /** Normally allocated by the server; an explicit key must be unused (keys are never reused). */
  key: ZAtomKeyInputSchema.optional(),
});
export type TCreateAtom = z.infer<typeof ZCreateAtomSchema>;

export const ZUpdateAtomSchema = ZAtomFieldsSchema.partial().extend({ version: ZVersionSchema });
export type TUpdateAtom = z.infer<typeof ZUpdateAtomSchema>;

export const ZAtomParamsSchema = z.object({ familyId: ZIdSchema, atomId: ZIdSchema });

export const ZAcceptAtomSchema = z.object({ version: ZVersionSchema });
export type TAcceptAtom = z.infer<typeof ZAcceptAtomSchema>;

export const ZRejectAtomSchema = z.object({ version: ZVersionSchema, reason });
export type TRejectAtom = z.infer<typeof ZRejectAtomSchema>;

export const ZMergeAtomSchema = z.object({ version: ZVersionSchema, intoAtomId: ZIdSchema, reason });
export type TMergeAtom = z.infer<typeof ZMergeAtomSchema>;

/** The whole catalog order, as it was shown: a stale list (someone added an atom) is a 409. */
export const ZReorderAtomsSchema = z.object({ order: z.array(ZIdSchema).min(1).max(1000) });
export type TReorderAtoms = z.infer<typeof ZReorderAtomsSchema>;

// An atom's anchors are evidence anchors: their shape is ZCreateAnchorSchema in ./evidence.

export const ZAtomAnchorParamsSchema = ZAtomParamsSchema.extend({ anchorId: ZIdSchema });

/** What the API returns for one anchor. */
export type TAnchorDto = {
  id: string;
  atomId: string | null;
  source: string;
  filePath: string | null;
  lineStart: number | null;
  lineEnd: number | null;
  quote: string;
  createdAt: string;
};

/** What the API returns for one atom of the catalog. */
export type TAtomDto = {
  id: string;
  familyId: string;
  key: string;
  position: number;
  statement: string;
  scope: string;
  inputCondition: string;
  polarity: TPolarity;
  observation: string;
  role: TAtomRole;
  status: TAtomStatus;
  reason: string | null;
  mergedIntoId: string | null;
  replacedBy: string[];
  origin: TAtomOrigin;
  /** A heuristic or model proposal whose text a curator has since rewritten: shown as "proposal (edited)". */
  proposalEdited: boolean;
  version: number;
  updatedAt: string;
};

export type TCatalogAtomDto = TAtomDto & { anchors: TAnchorDto[]; probeCount: number; mergedIntoKey: string | null };

/** Where an anchor opens the evidence tab (built by the anchoring stage). */
export function evidenceHref(familyId: string, anchor: Pick<TAnchorDto, "filePath" | "lineStart" | "source">): string {
  const params = new URLSearchParams();
  if (anchor.filePath) params.set("file", anchor.filePath);
  if (anchor.lineStart !== null) params.set("line", String(anchor.lineStart));
  if (!anchor.filePath) params.set("source", anchor.source);
  return `/families/${familyId}/evidence?${params}`;
}
