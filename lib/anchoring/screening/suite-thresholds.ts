// Pure: screening thresholds read from Suite.settings.
import { resolveThresholds, ZAutoGateThresholdsSchema, type TAutoGateThresholds } from "./screen-candidate";

const KEYS = ["maxFiles", "maxChangedLines", "generatedShareMax", "generatedPatterns"] as const;

/**
 * The automatic gate's thresholds from Suite.settings (top level or under `autoGate`).
 * A setting that does not parse falls back to its default rather than blocking every import.
 */
export function thresholdsFromSettings(settings: unknown): TAutoGateThresholds {
  const root = isRecord(settings) ? (isRecord(settings.autoGate) ? settings.autoGate : settings) : {};
  const picked: Record<string, unknown> = {};
  for (const key of KEYS) {
    if (root[key] === undefined) continue;
    if (ZAutoGateThresholdsSchema.shape[key].safeParse(root[key]).success) picked[key] = root[key];
  }
  return resolveThresholds(picked);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
