"use client";
// Loaded with next/dynamic (ssr: false) by code-editor.tsx: Monaco touches `window` and is large.
import { DiffEditor, Editor, loader } from "@monaco-editor/react";

let configured = false;
function configure() {
  if (configured) return;
  configured = true;
  // Same-origin copy of monaco-editor/min (see app/(studio)/families/[familyId]/verifier/monaco).
  const base = window.location.pathname.replace(/\/verifier(\/.*)?$/, "/verifier");
  loader.config({ paths: { vs: `${base}/monaco/vs` } });
}

type Props = {
  value: string;
  onChange?: (value: string) => void;
  /** When set, a side-by-side diff editor: `original` on the left (read-only), `value` on the right. */
  original?: string;
  readOnly?: boolean;
  height: number;
  language?: string;
};

export default function MonacoEditors({ value, onChange, original, readOnly, height, language = "diff" }: Props) {
  configure();
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
