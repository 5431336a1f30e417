"use client";
import { useState } from "react";

export type TWaiveTarget = { id: string; label: string };

/**
 * The one way to resolve a finding or a hidden dependency: an addendum (a sentence placed in
 * the histories that lack it) or a waiver with its rationale — for every history, or, when
 * `histories` are given (a lead's choice), for one of them.
 */
export function ResolveForm({ canPlace, canWaive, addendumLabel, initialSentence, histories, pending, onAddendum, onWaive }: {
  canPlace: boolean;
  canWaive: boolean;
  addendumLabel: string;
  initialSentence: string;
  /** Histories one waiver may be limited to; none: the waiver is for every history only. */
  histories?: TWaiveTarget[];
  pending: boolean;
  onAddendum: (sentence: string) => void;
  /** `target` null: every history. */
  onWaive: (rationale: string, target: TWaiveTarget | null) => void;
}) {
  const [mode, setMode] = useState<"none" | "addendum" | "waiver">("none");
  const [sentence, setSentence] = useState(initialSentence);
  const [rationale, setRationale] = useState("");
  const [waiveIn, setWaiveIn] = useState("");
  const target = histories?.find((h) => h.id === waiveIn) ?? null;
  if (!canPlace && !canWaive) return null;
  return (
    <>
      <div className="row">
        {canPlace && <button onClick={() => setMode(mode === "addendum" ? "none" : "addendum")}>Addendum…</button>}
        {canWaive && <button onClick={() => setMode(mode === "waiver" ? "none" : "waiver")}>Waive…</button>}
      </div>
      {mode === "addendum" && (
        <div>
          <label>{addendumLabel}
            <textarea value={sentence} onChange={(e) => setSentence(e.target.value)} rows={2} style={{ width: "100%" }} aria-label="Addendum" />
          </label>
          <button className="primary" onClick={() => onAddendum(sentence)} disabled={pending}>Place addendum</button>
        </div>
      )}
      {mode === "waiver" && (
        <div>
          <label>Why an agent can be expected to get this right without being told
            <textarea value={rationale} onChange={(e) => setRationale(e.target.value)} rows={2} style={{ width: "100%" }} aria-label="Rationale" />
          </label>
          <div className="row">
            <button className="primary" onClick={() => onWaive(rationale, null)} disabled={pending}>{histories ? "Waive for every history" : "Waive"}</button>
            {histories && (
              <>
                <label>Or in one history
                  <select value={waiveIn} onChange={(e) => setWaiveIn(e.target.value)} aria-label="Waive in history">
                    <option value="">choose…</option>
                    {histories.map((h) => <option key={h.id} value={h.id}>{h.label}</option>)}
                  </select>
                </label>
                <button onClick={() => target && onWaive(rationale, target)} disabled={pending || !target}>Waive in this history</button>
              </>
            )}
          </div>
        </div>
      )}
    </>
  );
}
