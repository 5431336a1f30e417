"use client";
import { useState } from "react";

/** Sending freezes the revision: the curator confirms, and may hand it to the family's default reviewer pair at once. */
export function SendToReviewConfirm({ number, pending, onConfirm, onCancel }: { number: number; pending: boolean; onConfirm: (assignDefaultPair: boolean) => void; onCancel: () => void }) {
  const [withPair, setWithPair] = useState(true);
  return (
    <div className="panel" role="dialog" aria-label="Send to review" data-testid="send-to-review-confirm">
      <p><strong>Send revision {number} to review?</strong> It becomes immutable: later changes open revision {number + 1}.</p>
      <label>
        <input type="checkbox" checked={withPair} onChange={(e) => setWithPair(e.target.checked)} /> Assign the family&apos;s default reviewer pair at once (when the lead set one)
      </label>
      <div className="row" style={{ marginTop: 8, gap: 8 }}>
        <button type="button" className="primary" disabled={pending} onClick={() => onConfirm(withPair)}>{pending ? "Sending…" : "Send and freeze"}</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </div>
  );
}
