import { SHORTCUTS } from "./shortcuts";
import styles from "./histories.module.css";

export function ShortcutsHelp() {
  return (
    <details className={styles.shortcuts} data-testid="shortcuts-help">
      <summary>Keyboard shortcuts</summary>
      <table className={styles.small}>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <td>{s.keys.map((k, i) => <span key={k}>{i > 0 && " + "}<kbd>{k}</kbd></span>)}</td>
              <td>{s.label}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">They work while the cursor is in a turn (Cmd for Ctrl on a Mac).</p>
    </details>
  );
}
