"use client";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import styles from "../anchoring.module.css";
import type { Evidence } from "../types";
import { useCreateAnchor, type AnchorInput } from "./use-create-anchor";
import { queryKeys } from "@/components/query-keys";
import { ErrorText } from "@/components/ui/error-text";
import { Form } from "@/components/ui/form";
import { refreshQueries } from "@/components/ui/refresh-queries";

type Text = NonNullable<Evidence["evidence"]>;

/** Issue, PR description and review discussion; a text selection in any of them can be saved as an anchor. */
export function EvidenceText({ familyId, evidence, canEdit }: { familyId: string; evidence: Text; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  const anchor = useCreateAnchor(familyId);
  const [hint, setHint] = useState<string | null>(null);

  function saveSelection() {
    const input = selectedEvidenceText();
    if (!input) {
      setHint("Select some text in the issue, the description or the review first.");
      return;
    }
    setHint(null);
    anchor.mutate(input);
  }

  return (
    <section className="panel" aria-label="Pull request evidence">
      <div className="row spread">
        <h2 className="m0">Issue, description and review</h2>
        {canEdit && (
          <div className="row" style={{ gap: 6 }}>
            {/* preventDefault on mousedown keeps the text selection when the button is pressed */}
            <button onMouseDown={(e) => e.preventDefault()} onClick={saveSelection} disabled={anchor.isPending}>Save selected text as anchor</button>
            <button onClick={() => setEditing((e) => !e)}>{editing ? "Close editor" : "Add issue text"}</button>
          </div>
        )}
      </div>
      {(hint || anchor.error) && <p className="error" role="alert">{hint ?? anchor.error?.message}</p>}
      {anchor.isSuccess && !hint && <p className="muted" role="status">Anchor saved.</p>}
      {editing && <EvidenceTextForm familyId={familyId} evidence={evidence} onDone={() => setEditing(false)} />}

      <h3>Linked issue</h3>
      {evidence.issueTitle || evidence.issueBody ? (
        <div data-anchor-source="issue">
          {evidence.issueTitle && <strong>{evidence.issueTitle}</strong>}
          <p className={styles.text}>{evidence.issueBody}</p>
        </div>
      ) : <p className="muted">No linked issue captured.</p>}

      <h3>Pull request description</h3>
      <div data-anchor-source="description" data-testid="pr-description">
        <strong>{evidence.prTitle}</strong>
        {evidence.prBody ? <p className={styles.text}>{evidence.prBody}</p> : <p className="muted">No description.</p>}
      </div>

      <h3>Review discussion</h3>
      {evidence.reviewThreads.length === 0 && <p className="muted">No review comments.</p>}
      {evidence.reviewThreads.map((thread, i) => (
        <div key={i} className={styles.thread} data-anchor-source="review" data-file={thread.path} data-line={thread.line ?? undefined}>
          <div className="mono">
            <Link href={`?file=${encodeURIComponent(thread.path)}${thread.line ? `&line=${thread.line}` : ""}`} scroll={false}>
              {thread.path}{thread.line ? `:${thread.line}` : ""}
            </Link>
          </div>
          {thread.comments.map((comment) => (
            <div key={comment.id} className={styles.comment} style={comment.inReplyToId ? { marginLeft: 18 } : undefined}>
              <span className="muted">{comment.author ?? "someone"} · {comment.createdAt.slice(0, 10)}</span>
              <p className={styles.text}>{comment.body}</p>
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}

function selectedEvidenceText(): AnchorInput | null {
  const selection = window.getSelection();
  const quote = selection?.toString().trim();
  if (!selection || !quote || selection.rangeCount === 0) return null;
  const node = selection.getRangeAt(0).commonAncestorContainer;
  const element = (node instanceof Element ? node : node.parentElement)?.closest<HTMLElement>("[data-anchor-source]");
  if (!element) return null;
  const source = element.dataset.anchorSource as AnchorInput["source"];
  const line = element.dataset.line ? Number(element.dataset.line) : null;
  return { source, quote, filePath: element.dataset.file ?? null, lineStart: line, lineEnd: line };
}

function EvidenceTextForm({ familyId, evidence, onDone }: { familyId: string; evidence: Text; onDone: () => void }) {
  const queryClient = useQueryClient();
  const save = useMutation<unknown, ApiError, Record<string, unknown>>({
    mutationFn: (body) => api(`/api/families/${familyId}/evidence`, { method: "PATCH", body: { version: evidence.version, ...body } }),
    onSuccess: () => {
      void refreshQueries(queryClient, { queryKey: queryKeys.evidence(familyId) });
      void refreshQueries(queryClient, { queryKey: queryKeys.stage(familyId, "anchoring") });
      onDone();
    },
  });
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(Object.fromEntries(new FormData(event.currentTarget)));
  }
  return (
    <Form onSubmit={onSubmit} style={{ display: "flex", flexDirection: "column", gap: 8, margin: "10px 0" }}>
      <p className="muted m0">A local repository has no issue tracker: paste the linked issue here. The diff itself cannot be edited.</p>
      <label>Issue title<input name="issueTitle" defaultValue={evidence.issueTitle} /></label>
      <label>Issue text<textarea name="issueBody" rows={4} defaultValue={evidence.issueBody} /></label>
      <label>Description<textarea name="prBody" rows={4} defaultValue={evidence.prBody} /></label>
      <div className="row"><button className="primary" disabled={save.isPending}>Save text</button></div>
      <ErrorText error={save.error} alert />
    </Form>
  );
}
