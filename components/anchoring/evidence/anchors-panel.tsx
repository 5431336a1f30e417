"use client";
import Link from "next/link";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { Anchor, Evidence } from "../types";
import { queryKeys } from "@/components/query-keys";

/** Saved anchors: the places in the evidence that atoms can cite. */
export function AnchorsPanel({ familyId, anchors, canEdit }: { familyId: string; anchors: Anchor[]; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (id: string) => api(`/api/families/${familyId}/anchors/${id}`, { method: "DELETE" }),
    onSuccess: (_data, id) =>
      queryClient.setQueryData<Evidence>(queryKeys.evidence(familyId), (old) => (old ? { ...old, anchors: old.anchors.filter((a) => a.id !== id) } : old)),
  });
  return (
    <section className="panel" aria-label="Evidence anchors">
      <h2 style={{ marginTop: 0 }}>Evidence anchors</h2>
      {anchors.length === 0 && <p className="muted">No anchors yet: select text in the diff or the evidence and save it.</p>}
      <ul style={{ listStyle: "none", padding: 0, margin: 0 }} data-testid="anchors">
        {anchors.map((anchor) => (
          <li key={anchor.id} data-testid="anchor" style={{ padding: "6px 0", borderTop: "1px solid var(--line)" }}>
            <span className="chip">{anchor.source}</span>
            {anchor.filePath && (
              <Link className="mono" href={`?file=${encodeURIComponent(anchor.filePath)}${anchor.lineStart ? `&line=${anchor.lineStart}` : ""}`} scroll={false}>
                {anchor.filePath}{anchor.lineStart ? `:${anchor.lineStart}${anchor.lineEnd && anchor.lineEnd !== anchor.lineStart ? `–${anchor.lineEnd}` : ""}` : ""}
              </Link>
            )}
            <blockquote className="mono" style={{ margin: "4px 0 0 0", whiteSpace: "pre-wrap", maxHeight: 120, overflow: "auto" }}>{anchor.quote}</blockquote>
            {canEdit && <button style={{ marginTop: 4 }} onClick={() => remove.mutate(anchor.id)} disabled={remove.isPending}>Delete</button>}
          </li>
        ))}
      </ul>
      {remove.error && <p className="error">{remove.error.message}</p>}
    </section>
  );
}
