"use client";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { api } from "@/lib/http/api-client";
import { evidenceHref, type TAnchorDto, type TCatalogAtomDto } from "@/lib/schemas/atoms";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";

const place = (a: TAnchorDto) =>
  a.filePath ? `${a.filePath}:${a.lineStart}${a.lineEnd && a.lineEnd !== a.lineStart ? `–${a.lineEnd}` : ""}` : a.source;

/** An atom's evidence anchors, each opening the evidence tab at its place. */
export function AtomAnchors({ familyId, atom, editable }: { familyId: string; atom: TCatalogAtomDto; editable: boolean }) {
  const [adding, setAdding] = useState(false);
  const base = `/api/families/${familyId}/atoms/${atom.id}/anchors`;
  const add = useFamilyMutation(familyId, (body: Record<string, unknown>) => api(base, { body }));
  const remove = useFamilyMutation(familyId, (anchorId: string) => api(`${base}/${anchorId}`, { method: "DELETE" }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const source = String(form.get("source"));
    const body = source === "diff"
      ? { source, filePath: String(form.get("filePath")), lineStart: Number(form.get("lineStart")), lineEnd: Number(form.get("lineEnd") || form.get("lineStart")) }
      : { source, quote: String(form.get("quote")) };
    add.mutate(body, { onSuccess: () => setAdding(false) });
  }

  return (
    <div style={{ marginTop: 6 }}>
      <span className="muted">Evidence: </span>
      {atom.anchors.length === 0 && <span className="muted">no anchor yet</span>}
      {atom.anchors.map((a) => (
        <span key={a.id} className="chip" title={a.quote}>
          <Link href={evidenceHref(familyId, a)}>{place(a)}</Link>
          {!a.filePath && a.quote && <> “{a.quote.slice(0, 40)}{a.quote.length > 40 ? "…" : ""}”</>}
          {editable && (
            <button type="button" aria-label={`Remove anchor ${place(a)}`} onClick={() => remove.mutate(a.id)}
              style={{ border: "none", background: "none", padding: "0 0 0 4px", cursor: "pointer" }}>×</button>
          )}
        </span>
      ))}
      {editable && !adding && <button type="button" style={{ padding: "2px 8px", fontSize: 12 }} onClick={() => setAdding(true)}>Add anchor</button>}
      {adding && (
        <form className="row" onSubmit={submit} style={{ marginTop: 6 }} aria-label={`Add anchor to ${atom.key}`}>
          <label>Source
            <select name="source" defaultValue="diff">
              <option value="diff">diff</option><option value="issue">issue</option><option value="description">description</option><option value="review">review</option>
            </select>
          </label>
          <label>File<input name="filePath" placeholder="src/secrets.js" /></label>
          <label>From line<input name="lineStart" type="number" min={1} style={{ width: 80 }} /></label>
          <label>To line<input name="lineEnd" type="number" min={1} style={{ width: 80 }} /></label>
          <label style={{ flex: 1 }}>Quote (issue, description, review)<input name="quote" /></label>
          <button className="primary" disabled={add.isPending}>Attach</button>
          <button type="button" onClick={() => setAdding(false)}>Cancel</button>
          <div style={{ width: "100%" }}><ApiErrorNotice error={add.error} /></div>
        </form>
      )}
      <ApiErrorNotice error={remove.error} />
    </div>
  );
}
