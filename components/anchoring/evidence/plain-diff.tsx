"use client";
import { useEffect, useRef } from "react";
import styles from "../anchoring.module.css";
import type { EditorSelection } from "./monaco-diff";
import type { ViewHunk } from "../types";

/** The diff as text, hunk by hunk: the fallback when the editor is unavailable, and for huge files. */
export function PlainDiff({ hunks, line }: { hunks: ViewHunk[]; line: number | null }) {
  const ref = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (!line) return;
    ref.current?.querySelector(`[data-new-line="${line}"]`)?.scrollIntoView({ block: "center" });
  }, [line, hunks]);
  if (hunks.length === 0) return <p className="muted">No text changes to show.</p>;
  return (
    <pre className={styles.plain} ref={ref} data-testid="plain-diff">
      {hunks.map((hunk) => (
        <div key={hunk.index}>
          <div className={styles.hunkHeader} id={`hunk-${hunk.index}`}>{hunk.header}</div>
          {hunk.lines.map((l, i) => (
            <div key={i} className={`${styles.plainLine} ${l.kind === "add" ? styles.add : l.kind === "delete" ? styles.delete : ""} ${line && l.newLine === line ? styles.target : ""}`}
              data-new-line={l.newLine ?? undefined} data-old-line={l.oldLine ?? undefined}>
              <span className={styles.num}>{l.oldLine ?? ""}</span>
              <span className={styles.num}>{l.newLine ?? ""}</span>
              <span>{l.kind === "add" ? "+" : l.kind === "delete" ? "-" : " "}{l.text}</span>
            </div>
          ))}
        </div>
      ))}
    </pre>
  );
}

/** The selected lines of the plain view, by their merged-file line numbers (or base numbers for deletions). */
export function plainSelection(container: HTMLElement | null): EditorSelection | null {
  const selection = window.getSelection();
  const text = selection?.toString();
  if (!container || !selection || !text?.trim() || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const lineOf = (node: Node) => {
    const row = (node instanceof Element ? node : node.parentElement)?.closest<HTMLElement>("[data-new-line],[data-old-line]");
    if (!row || !container.contains(row)) return null;
    return Number(row.dataset.newLine ?? row.dataset.oldLine);
  };
  const start = lineOf(range.startContainer);
  const end = lineOf(range.endContainer);
  if (!start || !end) return null;
  return { startLine: Math.min(start, end), endLine: Math.max(start, end), text };
}
