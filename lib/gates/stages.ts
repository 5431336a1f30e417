// Pure: the six stages in order (ARCHITECTURE §3). Shared by client and server.
import { z } from "zod";

export const STAGES = [
  { key: "anchoring", label: "Source anchoring" },
  { key: "reconciliation", label: "Contract reconciliation" },
  { key: "calibration", label: "Verifier calibration" },
  { key: "paths", label: "Path construction" },
  { key: "audit", label: "Independent audit" },
  { key: "freeze", label: "Freeze" },
] as const;

export type TStageKey = (typeof STAGES)[number]["key"];

/** The stage keys in order, as a zod enum (route params, payloads). */
export const ZStageKeySchema = z.enum(STAGES.map((s) => s.key) as [TStageKey, ...TStageKey[]]);
