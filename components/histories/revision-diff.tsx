"use client";
// Two revisions of one history side by side: words and hidden events that changed, turn by turn.
import { diffRevisions } from "@/lib/histories/diff-revisions";
import type { TRevisionDto } from "@/lib/schemas/histories";
import styles from "./histories.module.css";

export function RevisionDiff({ before, after }: { before: TRevisionDto; after: TRevisionDto }) {
  const diffs = diffRevisions(before.turns, after.turns);
  const changed = diffs.filter((d) => d.status !== "same").length;
  return (
    <div data-testid="revision-diff">
      <p className="muted">
        Revision {before.number} → revision {after.number}: {changed === 0 ? "no change" : `${changed} of ${diffs.length} turn(s) differ`}.
      </p>
      <table className={styles.small}>
        <thead><tr><th>Turn</th><th>Text</th><th>Hidden events</th></tr></thead>
        <tbody>
          {diffs.map((d) => (
            <tr key={d.turn} data-status={d.status}>
              <td>{d.turn}{d.status === "added" ? " (new)" : d.status === "removed" ? " (removed)" : ""}</td>
              <td className={styles.diffText}>
                {d.words.map((w, i) => (
                  <span key={i} className={w.op === "added" ? styles.diffAdded : w.op === "removed" ? styles.diffRemoved : undefined}>{w.text}</span>
                ))}
              </td>
              <td>
                {d.events.length === 0 ? <span className="muted">same</span> : d.events.map((e) => (
                  <div key={e.kind}>
                    {e.kind}: {e.added.map((k) => <span key={`+${k}`} className={styles.diffAdded}>+{k} </span>)}
                    {e.removed.map((k) => <span key={`-${k}`} className={styles.diffRemoved}>−{k} </span>)}
                  </div>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
