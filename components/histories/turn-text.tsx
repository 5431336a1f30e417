"use client";
// A turn's visible text: a plain textarea at once, Monaco once it has loaded
// (or the textarea for good, when the curator prefers plain text).
import dynamic from "next/dynamic";
import { useState } from "react";
import { useEditorSettings } from "./editor-settings";
import type { TMonacoProseProps } from "./monaco-prose";
import styles from "./histories.module.css";

const MonacoProse = dynamic(() => import("./monaco-prose"), { ssr: false, loading: () => null });

export type TTextHandle = { cursorOffset: () => number; focus: () => void };

type Props = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  readOnly: boolean;
  onHandle: (handle: TTextHandle) => void;
};

export function TurnText({ value, onChange, label, readOnly, onHandle }: Props) {
  const { plain: prefersPlain, monacoBase } = useEditorSettings();
  const plain = prefersPlain || !monacoBase;
  const [monacoReady, setMonacoReady] = useState(false);
  const showTextarea = plain || !monacoReady;
  const onReady: TMonacoProseProps["onReady"] = (handle) => {
    setMonacoReady(true);
    onHandle(handle);
  };
  return (
    <>
      {showTextarea && (
        <textarea
          className={styles.textarea}
          aria-label={label}
          value={value}
          readOnly={readOnly}
          onChange={(e) => onChange(e.target.value)}
          ref={(el) => {
            if (el) onHandle({ cursorOffset: () => el.selectionStart ?? el.value.length, focus: () => el.focus() });
          }}
        />
      )}
      {!plain && (
        <div hidden={!monacoReady}>
          <MonacoProse monacoBase={monacoBase} value={value} onChange={onChange} ariaLabel={label} readOnly={readOnly} onReady={onReady} />
        </div>
      )}
    </>
  );
}
