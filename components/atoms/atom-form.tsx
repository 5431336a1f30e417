"use client";
import { useState, type FormEvent } from "react";
import type { TAtomRole, TPolarity } from "@/lib/contract/types";
import { POLARITY_HELP, ROLE_HELP, type TCatalogAtomDto } from "@/lib/schemas/atoms";
import { ApiError } from "@/lib/http/api-client";
import { ApiErrorNotice, isConflict } from "@/components/ui/api-error-notice";
import { Form } from "@/components/ui/form";

export type TAtomFields = {
  statement: string; scope: string; inputCondition: string; polarity: TPolarity; observation: string; role: TAtomRole; replacedBy: string[];
};

export const EMPTY_FIELDS: TAtomFields = { statement: "", scope: "", inputCondition: "", polarity: "require", observation: "", role: "final", replacedBy: [] };

export const fieldsOf = (atom: TCatalogAtomDto): TAtomFields => ({
  statement: atom.statement, scope: atom.scope, inputCondition: atom.inputCondition, polarity: atom.polarity,
  observation: atom.observation, role: atom.role, replacedBy: atom.replacedBy,
});

type Props = {
  /** The atom being edited; absent when creating. */
  atom?: TCatalogAtomDto;
  /** Atoms a temporary atom may be replaced by. */
  replacements: TCatalogAtomDto[];
  pending: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (fields: TAtomFields, version: number | null) => void;
  onCancel?: () => void;
};

export function AtomForm({ atom, replacements, pending, error, submitLabel, onSubmit, onCancel }: Props) {
  const [fields, setFields] = useState<TAtomFields>(atom ? fieldsOf(atom) : EMPTY_FIELDS);
  const [version, setVersion] = useState<number | null>(atom?.version ?? null);
  const set = <K extends keyof TAtomFields>(key: K, value: TAtomFields[K]) => setFields((f) => ({ ...f, [key]: value }));
  const fieldError = (name: string) => (error instanceof ApiError ? error.fieldErrors[name]?.[0] : undefined);
  const id = atom?.id ?? "new";

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ ...fields, replacedBy: fields.role === "temporary" ? fields.replacedBy : [] }, version);
  }

  const conflict = isConflict(error) ? (error.current as TCatalogAtomDto) : null;

  return (
    <Form className="panel" onSubmit={submit} aria-label={atom ? `Edit ${atom.key}` : "New atom"}>
      {atom && <p className="muted">Key <strong>{atom.key}</strong> — stable, never reused, not editable.</p>}
      <label>Statement
        <textarea name="statement" rows={2} value={fields.statement} onChange={(e) => set("statement", e.target.value)} required />
        {fieldError("statement") && <span className="error">{fieldError("statement")}</span>}
      </label>
      <div className="row mt8">
        <label className="grow">Scope<input name="scope" value={fields.scope} onChange={(e) => set("scope", e.target.value)} placeholder="getSecret(name)" /></label>
        <label className="grow">Input condition<input name="inputCondition" value={fields.inputCondition} onChange={(e) => set("inputCondition", e.target.value)} placeholder="the secret is not set" /></label>
      </div>
      <fieldset style={{ border: "none", padding: 0, margin: "10px 0" }}>
        <legend className="muted">Polarity</legend>
        {(Object.keys(POLARITY_HELP) as TPolarity[]).map((p) => (
          <label key={p} style={{ flexDirection: "row", alignItems: "baseline", gap: 6 }}>
            <input type="radio" name={`polarity-${id}`} value={p} checked={fields.polarity === p} onChange={() => set("polarity", p)} />
            <strong style={{ color: "var(--ink)" }}>{p}</strong> <span>{POLARITY_HELP[p]}</span>
          </label>
        ))}
      </fieldset>
      <label>Observation
        <textarea name="observation" rows={2} value={fields.observation} onChange={(e) => set("observation", e.target.value)} placeholder="what a test observes, e.g. SecretNotFoundError is thrown" />
      </label>
      <div className="row mt8">
        <label>Role
          <select name="role" value={fields.role} onChange={(e) => set("role", e.target.value as TAtomRole)}>
            <option value="final">final</option>
            <option value="fixed">fixed</option>
            <option value="temporary">temporary</option>
          </select>
        </label>
        <span className="muted grow">{ROLE_HELP[fields.role]}</span>
      </div>
      {fields.role === "temporary" && (
        <fieldset style={{ border: "none", padding: 0, margin: "8px 0" }}>
          <legend className="muted">Replaced by (on the override path)</legend>
          {replacements.length === 0 && <span className="muted">No accepted final or fixed atom yet.</span>}
          {replacements.filter((r) => r.id !== atom?.id).map((r) => (
            <label key={r.id} style={{ flexDirection: "row", gap: 6 }}>
              <input type="checkbox" checked={fields.replacedBy.includes(r.key)}
                onChange={(e) => set("replacedBy", e.target.checked ? [...fields.replacedBy, r.key] : fields.replacedBy.filter((k) => k !== r.key))} />
              {r.key} — {r.statement}
            </label>
          ))}
          {fieldError("replacedBy") && <span className="error">{fieldError("replacedBy")}</span>}
        </fieldset>
      )}
      {conflict ? (
        <div className="error" role="alert">
          <p>{(error as Error).message} Now at version {conflict.version}: “{conflict.statement}” ({conflict.status}, {conflict.role}).</p>
          <button type="button" onClick={() => { setFields(fieldsOf(conflict)); setVersion(conflict.version); }}>Load their version</button>{" "}
          <button type="button" onClick={() => setVersion(conflict.version)}>Keep my edits over theirs</button>
        </div>
      ) : (
        <ApiErrorNotice error={error} />
      )}
      <div className="row mt10">
        <button className="primary" disabled={pending}>{submitLabel}</button>
        {onCancel && <button type="button" onClick={onCancel}>Cancel</button>}
      </div>
    </Form>
  );
}
