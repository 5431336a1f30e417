"use client";
// The lead's standing decisions on this history, above its editor: a "revise" note is what
// the curator's new revision answers.
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";

type TNote = { id: string; decision: string; note: string; superseded: boolean; createdAt: string; lead: string; condition: string; number: number };

export function RevisionNotes({ familyId, condition }: { familyId: string; condition: string }) {
  const notes = useQuery({ queryKey: ["adjudications", familyId], queryFn: () => api<TNote[]>(`/api/families/${familyId}/adjudications`) });
  const mine = (notes.data ?? []).filter((n) => n.condition === condition && !n.superseded);
  if (mine.length === 0) return null;
  return (
    <div className="panel" data-testid="revision-notes">
      {mine.map((n) => (
        <p key={n.id}>
          <strong>{n.decision === "revise" ? `${n.lead} ordered a revision of revision ${n.number}:` : `${n.lead} accepted revision ${n.number}:`}</strong> {n.note}
        </p>
      ))}
    </div>
  );
}
