// Pure: every decided row of an evaluation as CSV (one line per scheduled row, RFC 4180 quoting).
// A cell that begins with = + - @, a tab or a carriage return is prefixed with ' so a spreadsheet
// shows it as text and never runs it as a formula (model and scaffold names come from uploads).
import { configurationLabel } from "./decision";
import type { TDecidedRow } from "./types";

const COLUMNS = ["family", "condition", "configuration", "repeat", "kind", "success", "failure", "attrition", "provider_retries", "signature", "attempt_id"] as const;

export const csvCell = (value: unknown) => {
  const raw = value === null || value === undefined ? "" : String(value);
  const text = /^[=+\-@\t\r]/.test(raw) ? `'${raw}` : raw;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export function rowsToCsv(rows: readonly TDecidedRow[]): string {
  const lines = rows.map((r) =>
    [
      r.family, r.condition, configurationLabel(r.configuration), r.repeat, r.kind,
      r.kind === "scored" ? (r.success ? 1 : 0) : "",
      r.kind === "scored" ? r.failure : "",
      r.kind === "excluded" ? r.cause : "",
      r.providerRetries,
      r.kind === "scored" ? r.signature.join("") : "",
      r.attemptId,
    ].map(csvCell).join(","),
  );
  return [COLUMNS.join(","), ...lines].join("\n") + "\n";
}
