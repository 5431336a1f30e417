"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "@/lib/http/api-client";
import type { TCatalogAtomDto } from "@/lib/schemas/atoms";
import type { TPatchDto, TPatchesDto, TPatchKind } from "@/lib/schemas/patches";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import { PatchEditor } from "./patch-editor";
import { queryKeys } from "@/components/query-keys";

type Editing = { kind: TPatchKind; patch?: TPatchDto } | null;

const SECTIONS: { kind: TPatchKind; title: string; help: string }[] = [
  { kind: "gold", title: "Gold", help: "The reference implementation; defaults to the PR's in-slice source diff." },
  { kind: "negative", title: "Negatives", help: "Each removes or reverses one final atom and keeps the others; at least one per final atom." },
  { kind: "alternative", title: "Alternatives", help: "A different implementation that satisfies the whole contract (catches verifiers fitted to gold)." },
];

export function PatchesPanel({ familyId, atoms, canEdit }: { familyId: string; atoms: TCatalogAtomDto[]; canEdit: boolean }) {
  const patches = useQuery({ queryKey: queryKeys.patches(familyId), queryFn: () => api<TPatchesDto>(`/api/families/${familyId}/patches`) });
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useFamilyMutation(familyId, (p: TPatchDto) => api(`/api/families/${familyId}/patches/${p.id}?version=${p.version}`, { method: "DELETE" }));
  if (patches.isPending) return <p className="muted">Loading patches…</p>;
  if (patches.error) return <p className="error">{patches.error.message}</p>;
  const data = patches.data;
  const gold = data.patches.find((p) => p.kind === "gold");
  const finals = atoms.filter((a) => a.status === "accepted" && a.role === "final");
  const editor = (kind: TPatchKind, patch?: TPatchDto) => (
    <PatchEditor key={patch?.id ?? `new-${kind}`} familyId={familyId} kind={kind} patch={patch} gold={gold} finals={finals}
      initialDiff={kind === "gold" ? data.defaultGold : ""} onDone={() => setEditing(null)} />
  );

  return (
    <section aria-label="Patches">
      <h2>Patches</h2>
      {data.finalAtomsWithoutNegative.length > 0
        ? <p className="error" data-testid="missing-negatives">Final atoms without a negative: {data.finalAtomsWithoutNegative.join(", ")}</p>
        : <p className="muted" data-testid="missing-negatives">Every final atom has a negative.</p>}
      <ApiErrorNotice error={remove.error} />
      {SECTIONS.map(({ kind, title, help }) => {
        const list = data.patches.filter((p) => p.kind === kind);
        return (
          <div key={kind} className="panel" aria-label={`${title} patches`}>
            <div className="row" style={{ alignItems: "center", justifyContent: "space-between" }}>
              <div><strong>{title}</strong> <span className="muted">{help}</span></div>
              {canEdit && !(kind === "gold" && gold) && !editing && (
                <button type="button" onClick={() => setEditing({ kind })}>{kind === "gold" ? "Write the gold patch" : `New ${kind}`}</button>
              )}
            </div>
            {kind === "gold" && !gold && <p className="muted">No gold patch yet{data.defaultGold ? "; the editor starts from the in-slice source diff." : "."}</p>}
            {list.length > 0 && (
              <table style={{ marginTop: 8 }}>
                <tbody>
                  {list.map((p) => (
                    <tr key={p.id} data-patch={p.name}>
                      <td className="mono">{p.name}</td>
                      <td>{p.kind === "negative" ? <>targets <strong>{p.targetAtomKey}</strong> ({p.mode})</> : null}</td>
                      <td className="muted">{p.stats.files} file{p.stats.files === 1 ? "" : "s"}, +{p.stats.additions} −{p.stats.deletions} · v{p.version}</td>
                      {canEdit && (
                        <td style={{ textAlign: "right" }}>
                          <button type="button" onClick={() => setEditing({ kind, patch: p })}>Edit</button>{" "}
                          <button type="button" onClick={() => window.confirm(`Delete ${p.name}?`) && remove.mutate(p)}>Delete</button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {editing?.kind === kind && editor(kind, editing.patch)}
          </div>
        );
      })}
    </section>
  );
}
