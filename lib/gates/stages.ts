// Pure: the six stages in order (ARCHITECTURE §3), and the family tabs each one
// works in. Shared by client and server: the family tabs, the stage rail, the
// lead console and the gate report all derive from this one list.
import { z } from "zod";

/** A family tab: its URL segment under /families/[familyId]/ and its label. */
export type TStageTab = { readonly segment: string; readonly label: string };

export const STAGES = [
  { key: "anchoring", label: "Source anchoring", tabs: [{ segment: "evidence", label: "Evidence" }] },
  { key: "reconciliation", label: "Contract reconciliation", tabs: [{ segment: "atoms", label: "Atoms" }] },
  {
    key: "calibration",
    label: "Verifier calibration",
    tabs: [{ segment: "verifier", label: "Verifier & patches" }, { segment: "runs", label: "Runs" }],
  },
  { key: "paths", label: "Path construction", tabs: [{ segment: "histories", label: "Histories" }] },
  { key: "audit", label: "Independent audit", tabs: [{ segment: "reviews", label: "Reviews" }, { segment: "oracle-audit", label: "Oracle audit" }] },
  { key: "freeze", label: "Freeze", tabs: [{ segment: "package", label: "Package" }] },
] as const satisfies readonly { key: string; label: string; tabs: readonly TStageTab[] }[];

export type TStageKey = (typeof STAGES)[number]["key"];

/** The stage keys in order, as a zod enum (route params, payloads). */
export const ZStageKeySchema = z.enum(STAGES.map((s) => s.key) as [TStageKey, ...TStageKey[]]);

/** The gate dashboard's tab (the family's own page), then every stage's tabs in stage order. */
export const FAMILY_TABS: readonly (TStageTab & { stage: TStageKey | null })[] = [
  { segment: "", label: "Gates", stage: null },
  ...STAGES.flatMap((s) => s.tabs.map((tab: TStageTab) => ({ ...tab, stage: s.key }))),
];

export const stageLabel = (key: TStageKey): string => STAGES.find((s) => s.key === key)!.label;

/** Where a stage is worked on: its first tab, or the gate dashboard when it has none yet. */
export function stageHref(familyId: string, key: TStageKey): string {
  const tab = STAGES.find((s) => s.key === key)?.tabs[0] as TStageTab | undefined;
  return tab ? `/families/${familyId}/${tab.segment}` : `/families/${familyId}`;
}
