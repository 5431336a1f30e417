"use client";
// The history exactly as the execution protocol hands it to an agent: only the
// visible text goes in, rendered by the same function the workers use.
import type { THistory } from "@/lib/contract";
import { renderHistory, type TProtocol } from "@/lib/contract/render-history";
import type { TLeakWarning } from "@/lib/histories/leak-lint";
import styles from "./histories.module.css";

export function HistoryPreview({ history, protocol, leaks }: { history: THistory; protocol: TProtocol; leaks: TLeakWarning[] }) {
  // Strip the trace before rendering, so nothing hidden can reach the preview whatever renderHistory does.
  const file = renderHistory(history.turns.map((t) => ({ text: t.text })), protocol);
  return (
    <div data-testid="history-preview">
      <p className="muted">
        The agent's workspace gets <span className="mono">{file.path}</span> ({protocol.historyFormat}); agent timeout {protocol.agentTimeoutSec} s.
        Unsaved edits are included.
      </p>
      {leaks.length > 0 && <p className={styles.warning}>⚠ The text below may reveal hidden material: {leaks.map((w) => `turn ${w.turn} "${w.match}"`).join(", ")}.</p>}
      <pre className={styles.preview}>{file.content}</pre>
    </div>
  );
}
