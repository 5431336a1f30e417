"use client";
// Loaded with next/dynamic (ssr: false) by code-editor.tsx: Monaco touches `window` and is large.
import { DiffEditor, Editor, loader } from "@monaco-editor/react";

let configured = "";
function configure(base: string) {
  if (configured === base) return;
  configured = base;
  // The studio's own copy of monaco-editor/min (lib/anchoring/evidence/monaco-assets.ts), shared with the evidence tab.
  loader.config({ paths: { vs: base } });
}

type Props = {
  monacoBase: string;
  value: string;
  onChange?: (value: string) => void;
  /** When set, a side-by-side diff editor: `original` on the left (read-only), `value` on the right. */
  original?: string;
  readOnly?: boolean;
  height: number;
  language?: string;
};

export default function MonacoEditors({ monacoBase, value, onChange, original, readOnly, height, language = "diff" }: Props) {
  configure(monacoBase);
  const options = { readOnly, minimap: { enabled: false }, scrollBeyondLastLine: false, fontSize: 12, renderWhitespace: "boundary" as const, wordWrap: "off" as const };
  if (original !== undefined) {
    return (
      <DiffEditor height={height} language={language} original={original} modified={value}
        options={{ ...options, renderSideBySide: true, originalEditable: false }}
        onMount={(editor) => {
          const modified = editor.getModifiedEditor();
          modified.onDidChangeModelContent(() => onChange?.(modified.getValue()));
        }} />
    );
  }
  return <Editor height={height} language={language} value={value} options={options} onChange={(v) => onChange?.(v ?? "")} />;
}
