"use client";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "@/lib/http/api-client";
import { HunkDecisions } from "./hunk-decisions";
import { MonacoDiff, type EditorSelection } from "./monaco-diff";
import { PlainDiff, plainSelection } from "./plain-diff";
import type { DiffFile, DiffFileView } from "../types";
import { useCreateAnchor } from "./use-create-anchor";
import { queryKeys } from "@/components/query-keys";

type Props = { familyId: string; file: DiffFile; line: number | null; monacoBase: string; canEdit: boolean };

/** One file of the diff: side by side in Monaco (or as plain text), its hunk decisions, and anchors from a selection. */
export function DiffFileViewer({ familyId, file, line, monacoBase, canEdit }: Props) {
  const view = useQuery({
    queryKey: queryKeys.diffFile(familyId, file.id),
    queryFn: () => api<DiffFileView>(`/api/families/${familyId}/diff-files/${file.id}?contents=1`),
    staleTime: Infinity,
  });
  const [target, setTarget] = useState<number | null>(line);
  const [plain, setPlain] = useState(false);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [selection, setSelection] = useState<EditorSelection | null>(null);
  const plainRef = useRef<HTMLDivElement>(null);
  const anchor = useCreateAnchor(familyId);
  useEffect(() => setTarget(line), [line, file.id]);
  const onUnavailable = useCallback((reason: string) => setUnavailable(reason), []);

  if (view.isPending) return <p className="muted">Loading {file.path}…</p>;
  if (view.error) return <p className="error">{view.error.message}</p>;
  const data = view.data;
  const hasText = data.original !== null && data.modified !== null;
  const showEditor = hasText && !plain && !unavailable;

  function saveAnchor() {
    const picked = showEditor ? selection : plainSelection(plainRef.current);
    if (!picked) return;
    anchor.mutate({ source: "diff", filePath: file.path, lineStart: picked.startLine, lineEnd: picked.endLine, quote: picked.text });
  }

  return (
    <section aria-label={`Diff of ${file.path}`} data-testid="diff-viewer" data-path={file.path}>
      <div className="row" style={{ justifyContent: "space-between", alignItems: "center", marginBottom: 8 }}>
        <strong className="mono">{file.path}</strong>
        <div className="row" style={{ gap: 6 }}>
          {canEdit && !file.binary && <button onMouseDown={(e) => e.preventDefault()} onClick={saveAnchor} disabled={anchor.isPending}>Save selection as anchor</button>}
          {hasText && !unavailable && <button onClick={() => setPlain((p) => !p)}>{plain ? "Side by side" : "Plain diff"}</button>}
        </div>
      </div>
      {[...data.notes, data.contentNote, unavailable && `Showing the plain diff: ${unavailable}.`].filter(Boolean).map((note) => (
        <p key={note} className="muted" style={{ margin: "0 0 6px" }}>{note}</p>
      ))}
      {file.binary ? (
        <p className="muted" data-testid="binary-file">Binary file{data.status ? ` (${data.status})` : ""}: shown as binary, never parsed as text.</p>
      ) : showEditor ? (
        <MonacoDiff monacoBase={monacoBase} original={data.original!} modified={data.modified!} language={data.language}
          line={target} onSelection={setSelection} onUnavailable={onUnavailable} />
      ) : (
        <div ref={plainRef}><PlainDiff hunks={data.hunks} line={target} /></div>
      )}
      {anchor.error && <p className="error" role="alert">{anchor.error.message}</p>}
      {anchor.isSuccess && <p className="muted" role="status">Anchor saved: lines {anchor.data.lineStart}–{anchor.data.lineEnd}.</p>}
      <HunkDecisions familyId={familyId} file={file} hunks={data.hunks} canEdit={canEdit} onReveal={setTarget} />
    </section>
  );
}
