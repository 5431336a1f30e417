"use client";
import { useState } from "react";
import { api } from "@/lib/http/api-client";
import type { TCatalogAtomDto } from "@/lib/schemas/atoms";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { StatusChip } from "@/components/ui/status-chip";
import { AtomAnchors } from "./atom-anchors";
import { AtomForm, type TAtomFields } from "./atom-form";
import { DecisionForm } from "./decision-form";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";

type Mode = "view" | "edit" | "reject" | "merge";

type Props = {
  familyId: string;
  atom: TCatalogAtomDto;
  catalog: TCatalogAtomDto[];
  canEdit: boolean;
  onMove: (direction: -1 | 1) => void;
  first: boolean;
  last: boolean;
};

export function AtomCard({ familyId, atom, catalog, canEdit, onMove, first, last }: Props) {
  const [mode, setMode] = useState<Mode>("view");
  const url = `/api/families/${familyId}/atoms/${atom.id}`;
  const edit = useFamilyMutation(familyId, (body: TAtomFields & { version: number }) => api(url, { method: "PATCH", body }));
  const accept = useFamilyMutation(familyId, () => api(`${url}/accept`, { body: { version: atom.version } }));
  const decide = useFamilyMutation(familyId, (body: { reason: string; intoAtomId?: string }) =>
    api(`${url}/${body.intoAtomId ? "merge" : "reject"}`, { body: { ...body, version: atom.version } }));
  const accepted = catalog.filter((a) => a.status === "accepted");
  const done = () => setMode("view");

  return (
    <article className="panel" aria-label={`Atom ${atom.key}`} data-status={atom.status} style={{ opacity: atom.status === "rejected" || atom.status === "merged" ? 0.75 : 1 }}>
      <div className="row" style={{ alignItems: "center", justifyContent: "space-between" }}>
        <div>
          <strong style={{ fontSize: 16, marginRight: 8 }}>{atom.key}</strong>
          <StatusChip status={atom.status} testId={`status-${atom.key}`} />
          <span className="chip">{atom.role}</span>
          <span className="chip">{atom.polarity}</span>
          {atom.origin !== "curator" && <span className="chip" title="Proposed by an extraction aid, not a label">{atom.origin}</span>}
          <span className="chip">{atom.probeCount} probe{atom.probeCount === 1 ? "" : "s"}</span>
        </div>
        {canEdit && mode === "view" && (
          <div className="row" style={{ gap: 6 }}>
            <button type="button" aria-label={`Move ${atom.key} up`} disabled={first} onClick={() => onMove(-1)}>↑</button>
            <button type="button" aria-label={`Move ${atom.key} down`} disabled={last} onClick={() => onMove(1)}>↓</button>
            <button type="button" onClick={() => setMode("edit")}>Edit</button>
            {(atom.status === "proposed" || atom.status === "rejected") && (
              <button type="button" className="primary" disabled={accept.isPending} onClick={() => accept.mutate(undefined)}>Accept</button>
            )}
            {atom.status !== "rejected" && atom.status !== "merged" && <button type="button" onClick={() => setMode("reject")}>Reject</button>}
            {atom.status !== "merged" && <button type="button" onClick={() => setMode("merge")}>Merge</button>}
          </div>
        )}
      </div>
      {mode === "edit" ? (
        <AtomForm atom={atom} replacements={accepted.filter((a) => a.role !== "temporary")} pending={edit.isPending} error={edit.error} submitLabel={`Save ${atom.key}`}
          onSubmit={(fields, version) => edit.mutate({ ...fields, version: version ?? atom.version }, { onSuccess: done })} onCancel={done} />
      ) : (
        <>
          <p style={{ margin: "10px 0 6px" }}>{atom.statement}</p>
          <dl className="muted" style={{ display: "grid", gridTemplateColumns: "130px 1fr", gap: "2px 10px", margin: 0 }}>
            <dt>Scope</dt><dd style={{ margin: 0 }}>{atom.scope || "—"}</dd>
            <dt>Input condition</dt><dd style={{ margin: 0 }}>{atom.inputCondition || "—"}</dd>
            <dt>Observation</dt><dd style={{ margin: 0, whiteSpace: "pre-wrap" }}>{atom.observation || "—"}</dd>
            {atom.role === "temporary" && <><dt>Replaced by</dt><dd style={{ margin: 0 }}>{atom.replacedBy.join(", ") || "— (a cancellation path)"}</dd></>}
            {atom.reason && <><dt>{atom.status === "merged" ? `Merged into ${atom.mergedIntoKey ?? "?"}` : "Reason"}</dt><dd style={{ margin: 0 }}>{atom.reason}</dd></>}
          </dl>
          <AtomAnchors familyId={familyId} atom={atom} editable={canEdit} />
        </>
      )}
      {(mode === "reject" || mode === "merge") && (
        <DecisionForm atom={atom} kind={mode} targets={accepted} pending={decide.isPending} error={decide.error}
          onSubmit={(input) => decide.mutate(input, { onSuccess: done })} onCancel={done} />
      )}
      <ApiErrorNotice error={accept.error} />
    </article>
  );
}
