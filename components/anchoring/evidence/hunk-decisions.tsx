"use client";
import { useState } from "react";
import type { DiffFile, ViewHunk } from "../types";
import { useUpdateDiffFile } from "./use-update-diff-file";

/** Hunks of one file in or out of the behavioral slice, each exclusion with its reason. */
export function HunkDecisions({ familyId, file, hunks, canEdit, onReveal }: { familyId: string; file: DiffFile; hunks: ViewHunk[]; canEdit: boolean; onReveal: (line: number) => void }) {
  if (file.hunks.length < 2 || !file.inSlice) return null;
  return (
    <div style={{ marginTop: 10 }}>
      <h3 style={{ fontSize: 14, margin: "0 0 6px" }}>Hunks</h3>
      <ul style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="hunks">
        {file.hunks.map((decision) => (
          <HunkRow key={`${decision.index}:${file.version}`} familyId={familyId} file={file} index={decision.index}
            header={hunks.find((h) => h.index === decision.index)?.header ?? `hunk ${decision.index + 1}`}
            newStart={hunks.find((h) => h.index === decision.index)?.newStart ?? 1} canEdit={canEdit} onReveal={onReveal} />
        ))}
      </ul>
    </div>
  );
}

function HunkRow({ familyId, file, index, header, newStart, canEdit, onReveal }: {
  familyId: string; file: DiffFile; index: number; header: string; newStart: number; canEdit: boolean; onReveal: (line: number) => void;
}) {
  const decision = file.hunks.find((h) => h.index === index)!;
  const update = useUpdateDiffFile(familyId, file);
  const [inSlice, setInSlice] = useState(decision.inSlice);
  const [reason, setReason] = useState(decision.reason ?? "");
  const dirty = inSlice !== decision.inSlice || (!inSlice && reason !== (decision.reason ?? ""));
  return (
    <li data-testid="hunk" data-in-slice={decision.inSlice} style={{ padding: "4px 0", borderTop: "1px solid var(--line)" }}>
      <div className="row" style={{ gap: 8, alignItems: "center" }}>
        <button className="mono" style={{ border: "none", background: "none", padding: 0, color: "var(--accent)" }} onClick={() => onReveal(Math.max(1, newStart))}>{header}</button>
        <label style={{ flexDirection: "row", alignItems: "center", color: "var(--ink)" }}>
          <input type="checkbox" aria-label={`Hunk ${index + 1} in the slice`} checked={inSlice} disabled={!canEdit || update.isPending}
            onChange={(e) => {
              setInSlice(e.target.checked);
              if (e.target.checked) update.mutate({ hunks: [{ index, inSlice: true }] });
            }} />
          in slice
        </label>
      </div>
      {!inSlice && (
        <div className="row" style={{ gap: 6, marginTop: 4 }}>
          <input aria-label={`Why hunk ${index + 1} is out of the slice`} value={reason} placeholder="why it is out" disabled={!canEdit} onChange={(e) => setReason(e.target.value)} style={{ flex: 1 }} />
          {canEdit && dirty && <button onClick={() => update.mutate({ hunks: [{ index, inSlice: false, reason }] })} disabled={update.isPending}>Save</button>}
        </div>
      )}
      {update.error && <p className="error" role="alert" style={{ margin: "4px 0 0" }}>{update.error.message}</p>}
    </li>
  );
}
