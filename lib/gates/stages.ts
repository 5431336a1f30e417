// The six stages in order (ARCHITECTURE §3). Shared by client and server.
export const STAGES = [
  { key: "anchoring", label: "Source anchoring" },
  { key: "reconciliation", label: "Contract reconciliation" },
  { key: "calibration", label: "Verifier calibration" },
  { key: "paths", label: "Path construction" },
  { key: "audit", label: "Independent audit" },
  { key: "freeze", label: "Freeze" },
] as const;

export type TStageKey = (typeof STAGES)[number]["key"];
