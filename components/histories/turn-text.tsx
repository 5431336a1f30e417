"use client";
// A turn's visible text: a plain textarea at once, Monaco once it has loaded
// (or the textarea for good, when the curator prefers plain text).
import dynamic from "next/dynamic";
import { useState } from "react";
import type { TMonacoProseProps } from "./monaco-prose";
import styles from "./histories.module.css";

const MonacoProse = dynamic(() => import("./monaco-prose"), { ssr: false, loading: () => null });

export type TTextHandle = { cursorOffset: () => number; focus: () => void };

type Props = {
  value: string;
  onChange: (value: string) => void;
  label: string;
  readOnly: boolean;
  plain: boolean;
  onHandle: (handle: TTextHandle) => void;
};

export function TurnText({ value, onChange, label, readOnly, plain, onHandle }: Props) {
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
          <MonacoProse value={value} onChange={onChange} ariaLabel={label} readOnly={readOnly} onReady={onReady} />
        </div>
      )}
    </>
  );
}
