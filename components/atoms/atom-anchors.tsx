"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import { evidenceHref, type TAnchorDto, type TCatalogAtomDto } from "@/lib/schemas/atoms";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import { Form } from "@/components/ui/form";

const samePlace = (a: TAnchorDto, b: TAnchorDto) =>
  a.source === b.source && a.filePath === b.filePath && a.lineStart === b.lineStart && a.lineEnd === b.lineEnd && a.quote === b.quote;
const uniquePlaces = (anchors: TAnchorDto[]) => anchors.filter((a, i) => anchors.findIndex((b) => samePlace(a, b)) === i);

const place = (a: TAnchorDto) =>
  a.filePath ? `${a.filePath}:${a.lineStart}${a.lineEnd && a.lineEnd !== a.lineStart ? `–${a.lineEnd}` : ""}` : a.source;

/** An atom's evidence anchors, each opening the evidence tab at its place. */
export function AtomAnchors({ familyId, atom, editable }: { familyId: string; atom: TCatalogAtomDto; editable: boolean }) {
  const [adding, setAdding] = useState(false);
  const base = `/api/families/${familyId}/atoms/${atom.id}/anchors`;
  const add = useFamilyMutation(familyId, (body: Record<string, unknown>) => api(base, { body }));
  const remove = useFamilyMutation(familyId, (anchorId: string) => api(`${base}/${anchorId}`, { method: "DELETE" }));
  // Anchors saved on the evidence tab, to attach by picking instead of retyping.
  const saved = useQuery({
    queryKey: queryKeys.anchors(familyId),
    queryFn: () => api<TAnchorDto[]>(`/api/families/${familyId}/anchors`),
    enabled: adding,
  });
  const pickable = uniquePlaces((saved.data ?? []).filter((s) => !atom.anchors.some((a) => samePlace(a, s))));

  function pick(anchorId: string) {
    const chosen = pickable.find((a) => a.id === anchorId);
    if (!chosen) return;
    const body = chosen.source === "diff"
      ? { source: chosen.source, filePath: chosen.filePath, lineStart: chosen.lineStart, lineEnd: chosen.lineEnd, quote: chosen.quote || undefined }
      : { source: chosen.source, quote: chosen.quote };
    add.mutate(body, { onSuccess: () => setAdding(false) });
  }

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
      {adding && pickable.length > 0 && (
        <div className="row" style={{ marginTop: 6 }}>
          <label>Saved anchor
            <select aria-label={`Pick a saved anchor for ${atom.key}`} defaultValue="" onChange={(e) => pick(e.target.value)} disabled={add.isPending}>
              <option value="" disabled>pick one saved on the evidence tab…</option>
              {pickable.map((a) => <option key={a.id} value={a.id}>{place(a)}{a.quote ? ` — ${a.quote.slice(0, 60)}` : ""}</option>)}
            </select>
          </label>
        </div>
      )}
      {adding && (
        <Form className="row" onSubmit={submit} style={{ marginTop: 6 }} aria-label={`Add anchor to ${atom.key}`}>
          <label>Source
            <select name="source" defaultValue="diff">
              <option value="diff">diff</option><option value="issue">issue</option><option value="description">description</option><option value="review">review</option>
            </select>
          </label>
          <label>File<input name="filePath" placeholder="src/secrets.js" /></label>
          <label>From line<input name="lineStart" type="number" min={1} style={{ width: 80 }} /></label>
          <label>To line<input name="lineEnd" type="number" min={1} style={{ width: 80 }} /></label>
          <label className="grow">Quote (issue, description, review)<input name="quote" /></label>
          <button className="primary" disabled={add.isPending}>Attach</button>
          <button type="button" onClick={() => setAdding(false)}>Cancel</button>
          <div style={{ width: "100%" }}><ApiErrorNotice error={add.error} /></div>
        </Form>
      )}
      <ApiErrorNotice error={remove.error} />
    </div>
  );
}
