"use client";
// One hidden event set of a turn as chips, with a picker over the catalog.
import type { TEventKind } from "@/lib/histories/turn-ops";
import type { TCatalogAtomDto } from "@/lib/schemas/histories";
import styles from "./histories.module.css";

const LABELS: Record<TEventKind, string> = { activated: "Activates", deactivated: "Deactivates", restated: "Restates" };

type Props = {
  kind: TEventKind;
  turnNumber: number;
  keys: string[];
  catalog: TCatalogAtomDto[];
  readOnly: boolean;
  onAdd: (key: string) => void;
  onRemove: (key: string) => void;
};

export function AtomChips({ kind, turnNumber, keys, catalog, readOnly, onAdd, onRemove }: Props) {
  const byKey = new Map(catalog.map((a) => [a.key, a]));
  const available = catalog.filter((a) => !keys.includes(a.key));
  return (
    <div className={styles.eventRow} data-event={kind}>
      <span className={styles.label}>{LABELS[kind]}</span>
      {keys.map((key) => {
        const atom = byKey.get(key);
        return (
          <span key={key} className={styles.chip} data-role={atom?.role ?? "unknown"} title={atom ? `${atom.role}: ${atom.statement}` : "not an accepted atom"}>
            {key}
            {!readOnly && (
              <button type="button" aria-label={`Remove ${key} from ${kind} in turn ${turnNumber}`} onClick={() => onRemove(key)}>
                ×
              </button>
            )}
          </span>
        );
      })}
      {!readOnly && available.length > 0 && (
        <select
          className={styles.addAtom}
          aria-label={`Add an atom to ${kind} in turn ${turnNumber}`}
          value=""
          onChange={(e) => e.target.value && onAdd(e.target.value)}
        >
          <option value="">+ atom</option>
          {available.map((a) => (
            <option key={a.key} value={a.key}>
              {a.key} · {a.role} · {a.statement.length > 60 ? `${a.statement.slice(0, 57)}…` : a.statement}
            </option>
          ))}
        </select>
      )}
      {keys.length === 0 && readOnly && <span>—</span>}
    </div>
  );
}
