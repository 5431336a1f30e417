"use client";
import type { TReviewerCatalogEntry } from "@/lib/schemas/reviews";

export type TOp = "" | "activate" | "deactivate" | "restate";
export type TTurnOps = Record<string, TOp>;

/** One visible turn and the reviewer's operation per catalog entry. */
export function TurnEncoding({ turn, text, catalog, ops, readOnly, onChange }: {
  turn: number; text: string; catalog: TReviewerCatalogEntry[]; ops: TTurnOps; readOnly: boolean; onChange: (label: string, op: TOp) => void;
}) {
  return (
    <div className="panel" data-testid={`turn-${turn}`}>
      <strong>Message {turn}</strong>
      <p style={{ whiteSpace: "pre-wrap" }}>{text}</p>
      <div className="row" style={{ flexWrap: "wrap", gap: 8 }}>
        {catalog.map((entry) => (
          <label key={entry.label} className="chip">
            {entry.label}{" "}
            <select aria-label={`Message ${turn} ${entry.label}`} value={ops[entry.label] ?? ""} disabled={readOnly} onChange={(e) => onChange(entry.label, e.target.value as TOp)}>
              <option value="">—</option>
              <option value="activate">activate</option>
              <option value="deactivate">deactivate</option>
              <option value="restate">restate</option>
            </select>
          </label>
        ))}
      </div>
    </div>
  );
}
