// Pure: one gate's result and the helpers every stage's gates share.
import type { TStageKey } from "./stages";
import type { TGate, TGateEvidence, TGateStatus } from "./types";

/** What a gate found while checking: defects (fail), things not there yet (pending), and the evidence. */
export type TFindings = { failures: string[]; waits: string[]; evidence: TGateEvidence[] };

export const findings = (): TFindings => ({ failures: [], waits: [], evidence: [] });

const SHOWN = 5;

/** Joins sentences, showing the first few: a dashboard line, not a log. */
export function sentences(items: readonly string[]): string {
  const shown = items.slice(0, SHOWN).join(" ");
  return items.length > SHOWN ? `${shown} …and ${items.length - SHOWN} more.` : shown;
}

/** "A1, A2, A3 and 4 more", for evidence lines over large families. */
export function listOf(items: readonly string[], max = 20): string {
  if (items.length === 0) return "none";
  return items.length > max ? `${items.slice(0, max).join(", ")} and ${items.length - max} more` : items.join(", ");
}

export function statusOf(f: TFindings): TGateStatus {
  return f.failures.length > 0 ? "fail" : f.waits.length > 0 ? "pending" : "pass";
}

export function settle(stage: TStageKey, key: string, title: string, f: TFindings): TGate {
  const status = statusOf(f);
  const missing = status === "fail" ? sentences(f.failures) : status === "pending" ? sentences(f.waits) : null;
  return { stage, key, title, status, evidence: f.evidence, missing };
}

export function combine(statuses: readonly TGateStatus[]): TGateStatus {
  if (statuses.includes("fail")) return "fail";
  if (statuses.includes("pending")) return "pending";
  return "pass";
}
