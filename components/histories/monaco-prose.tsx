"use client";
// Monaco for a turn's visible text, configured for prose. Loaded only in the
// browser (next/dynamic, ssr:false); its files come from the studio's shared
// Monaco asset route (lib/anchoring/evidence/monaco-assets.ts), never a CDN.
import { useState } from "react";
import Editor, { loader, type OnMount } from "@monaco-editor/react";
import styles from "./histories.module.css";

let configuredBase = "";
function configure(base: string) {
  if (configuredBase === base) return;
  configuredBase = base;
  loader.config({ paths: { vs: base } });
}

export type TMonacoProseProps = {
  monacoBase: string;
  value: string;
  onChange: (value: string) => void;
  ariaLabel: string;
  readOnly: boolean;
  onReady: (handle: { cursorOffset: () => number; focus: () => void }) => void;
};

const MIN_HEIGHT = 96;
const MAX_HEIGHT = 420;

export default function MonacoProse({ monacoBase, value, onChange, ariaLabel, readOnly, onReady }: TMonacoProseProps) {
  configure(monacoBase);
  const [height, setHeight] = useState(MIN_HEIGHT);
  const onMount: OnMount = (editor) => {
    editor.onDidContentSizeChange((e) => setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, e.contentHeight + 8))));
    onReady({
      cursorOffset: () => {
        const position = editor.getPosition();
        const model = editor.getModel();
        return position && model ? model.getOffsetAt(position) : 0;
      },
      focus: () => editor.focus(),
    });
  };

  return (
    <div className={styles.monaco} data-editor="monaco" style={{ height }}>
      <Editor
        value={value}
        language="markdown"
        onChange={(v) => onChange(v ?? "")}
        onMount={onMount}
        loading={null}
        options={{
          ariaLabel,
          readOnly,
          wordWrap: "on",
          minimap: { enabled: false },
          lineNumbers: "off",
          glyphMargin: false,
          folding: false,
          lineDecorationsWidth: 6,
          scrollBeyondLastLine: false,
          renderLineHighlight: "none",
          overviewRulerLanes: 0,
          scrollbar: { alwaysConsumeMouseWheel: false, verticalScrollbarSize: 8 },
          autoClosingBrackets: "never",
          autoClosingQuotes: "never",
          autoSurround: "never",
          quickSuggestions: false,
          wordBasedSuggestions: "off",
          fontSize: 13,
          automaticLayout: true,
          accessibilitySupport: "on",
        }}
      />
    </div>
  );
}
