"use client";
import dynamic from "next/dynamic";
import { usePlainEditors } from "./plain-editors";

const MonacoEditors = dynamic(() => import("./monaco-editors"), { ssr: false, loading: () => <p className="muted">Loading editor…</p> });

type Props = {
  label: string;
  value: string;
  onChange?: (value: string) => void;
  /** Shown on the left, read-only, for a side-by-side comparison (e.g. gold beside a negative). */
  original?: { label: string; value: string };
  readOnly?: boolean;
  rows?: number;
};

/** Monaco when it can load, a plain textarea otherwise (or when the person prefers it). */
export function CodeEditor({ label, value, onChange, original, readOnly, rows = 18 }: Props) {
  const { plain, monacoBase } = usePlainEditors();
  const height = rows * 18;
  if (!plain) {
    return (
      <div aria-label={label} role="group">
        <div className="muted" style={{ marginBottom: 4 }}>{original ? `${original.label} (left) · ${label} (right)` : label}</div>
        <div style={{ border: "1px solid var(--line)", borderRadius: 6 }}>
          <MonacoEditors monacoBase={monacoBase} value={value} onChange={onChange} original={original?.value} readOnly={readOnly} height={height} />
        </div>
      </div>
    );
  }
  const area = (
    <label className="grow">{label}
      <textarea className="mono" aria-label={label} value={value} readOnly={readOnly} rows={rows} spellCheck={false}
        onChange={(e) => onChange?.(e.target.value)} style={{ width: "100%", whiteSpace: "pre", overflowX: "auto" }} />
    </label>
  );
  if (!original) return area;
  return (
    <div className="row" style={{ alignItems: "stretch" }}>
      <label className="grow">{original.label}
        <textarea className="mono" aria-label={original.label} value={original.value} readOnly rows={rows} spellCheck={false} style={{ width: "100%", whiteSpace: "pre", background: "#fafafa" }} />
      </label>
      {area}
    </div>
  );
}
