"use client";
// Every revision of a history (the family keeps them all) and a diff between any two.
import { useEffect, useState } from "react";
import type { TCondition } from "@/lib/contract";
import { RevisionDiff } from "./revision-diff";
import { useRevision, useRevisions } from "./use-histories";
import styles from "./histories.module.css";

export function RevisionsPanel({ familyId, condition, latest }: { familyId: string; condition: TCondition; latest: number }) {
  const revisions = useRevisions(familyId, condition, true);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  useEffect(() => {
    setFrom(latest > 1 ? latest - 1 : null);
    setTo(latest > 1 ? latest : null);
  }, [condition, latest]);
  const before = useRevision(familyId, condition, from);
  const after = useRevision(familyId, condition, to);

  if (revisions.isPending) return <p className="muted">Loading revisions…</p>;
  if (revisions.error) return <p className="error">{revisions.error.message}</p>;
  const list = revisions.data;
  const picker = (label: string, value: number | null, set: (n: number) => void) => (
    <label>
      {label}
      <select value={value ?? ""} onChange={(e) => set(Number(e.target.value))}>
        <option value="" disabled>—</option>
        {list.map((r) => <option key={r.number} value={r.number}>revision {r.number} ({r.status.replace("_", " ")})</option>)}
      </select>
    </label>
  );
  return (
    <div data-testid="revisions">
      <table className={styles.small}>
        <thead><tr><th>Revision</th><th>Status</th><th>Turns</th><th>Created</th><th>Sent to review</th></tr></thead>
        <tbody>
          {list.map((r) => (
            <tr key={r.id}>
              <td>{r.number}</td>
              <td>{r.status.replace("_", " ")}</td>
              <td>{r.turnCount}</td>
              <td>{new Date(r.createdAt).toLocaleString()}{r.createdBy ? ` by ${r.createdBy.name}` : ""}</td>
              <td>{r.sentToReviewAt ? new Date(r.sentToReviewAt).toLocaleString() : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.length > 1 ? (
        <>
          <div className="row" style={{ margin: "10px 0" }}>
            {picker("Compare", from, setFrom)}
            {picker("with", to, setTo)}
          </div>
          {before.data && after.data && <RevisionDiff before={before.data} after={after.data} />}
        </>
      ) : (
        <p className="muted">Only one revision so far; a diff appears once a second revision exists.</p>
      )}
    </div>
  );
}
