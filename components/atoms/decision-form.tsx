"use client";
import { useState, type FormEvent } from "react";
import type { TCatalogAtomDto } from "@/lib/schemas/atoms";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { Form } from "@/components/ui/form";

type Props = {
  atom: TCatalogAtomDto;
  kind: "reject" | "merge";
  /** Accepted atoms this one may be merged into. */
  targets: TCatalogAtomDto[];
  pending: boolean;
  error: unknown;
  onSubmit: (input: { reason: string; intoAtomId?: string }) => void;
  onCancel: () => void;
};

/** Rejecting or merging needs a reason; merging also names the accepted atom it goes into. */
export function DecisionForm({ atom, kind, targets, pending, error, onSubmit, onCancel }: Props) {
  const [reason, setReason] = useState("");
  const choices = targets.filter((t) => t.id !== atom.id);
  const [into, setInto] = useState(choices[0]?.id ?? "");
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(kind === "merge" ? { reason, intoAtomId: into } : { reason });
  }
  return (
    <Form className="panel" onSubmit={submit} aria-label={`${kind === "merge" ? "Merge" : "Reject"} ${atom.key}`} style={{ background: "#fbfbfa" }}>
      {kind === "merge" && (
        <label>Merge into
          <select name="intoAtomId" value={into} onChange={(e) => setInto(e.target.value)} required>
            {choices.map((t) => <option key={t.id} value={t.id}>{t.key} — {t.statement}</option>)}
          </select>
          {choices.length === 0 && <span className="error">There is no accepted atom to merge into.</span>}
        </label>
      )}
      <label className="mt8">Reason (required)
        <textarea name="reason" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} required
          placeholder={kind === "merge" ? "why both describe the same behavior" : "why this is not part of the contract"} />
      </label>
      <ApiErrorNotice error={error} />
      <div className="row mt8">
        <button className="primary" disabled={pending || !reason.trim() || (kind === "merge" && !into)}>{kind === "merge" ? `Merge ${atom.key}` : `Reject ${atom.key}`}</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </Form>
  );
}
