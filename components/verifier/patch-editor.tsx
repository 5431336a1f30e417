"use client";
import { useState, type FormEvent } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import type { TCatalogAtomDto } from "@/lib/schemas/atoms";
import type { TNegativeMode, TPatchDto, TPatchKind } from "@/lib/schemas/patches";
import { ApiErrorNotice, isConflict } from "@/components/ui/api-error-notice";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import { CodeEditor } from "./code-editor";
import { Form } from "@/components/ui/form";

const MODE_HELP: Record<TNegativeMode, string> = {
  remove: "the target behavior is gone; every other atom still holds",
  reverse: "the opposite of the target behavior happens; every other atom still holds",
};

type Props = {
  familyId: string;
  kind: TPatchKind;
  /** The patch being edited; absent for a new one. */
  patch?: TPatchDto;
  gold: TPatchDto | undefined;
  /** What a new patch starts from (the in-slice source diff for gold). */
  initialDiff?: string;
  finals: TCatalogAtomDto[];
  onDone: () => void;
};

/** One patch as a unified diff against the base; negatives and alternatives side by side with gold. */
export function PatchEditor({ familyId, kind, patch, gold, initialDiff = "", finals, onDone }: Props) {
  const [name, setName] = useState(patch?.name ?? (kind === "gold" ? "gold" : ""));
  const [diff, setDiff] = useState(patch?.diff ?? initialDiff);
  const [target, setTarget] = useState(patch?.targetAtomId ?? finals[0]?.id ?? "");
  const [mode, setMode] = useState<TNegativeMode>(patch?.mode ?? "remove");
  const [version, setVersion] = useState(patch?.version ?? 0);
  const base = `/api/families/${familyId}/patches`;
  const save = useFamilyMutation(familyId, (body: Record<string, unknown>) =>
    patch ? api<TPatchDto>(`${base}/${patch.id}`, { method: "PATCH", body: { ...body, version } }) : api<TPatchDto>(base, { body: { ...body, kind } }));
  const fieldError = (field: string) => (save.error instanceof ApiError ? save.error.fieldErrors[field]?.[0] : undefined);
  const conflict = isConflict(save.error) ? (save.error.current as TPatchDto) : null;
  const title = patch ? `Edit ${patch.name}` : `New ${kind} patch`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: Record<string, unknown> = { name, diff };
    if (kind === "negative") Object.assign(body, { targetAtomId: target, mode });
    save.mutate(body, { onSuccess: onDone });
  }

  return (
    <Form className="panel" onSubmit={submit} aria-label={title} style={{ background: "#fbfbfa" }}>
      <h3 style={{ fontSize: 14, marginTop: 0 }}>{title}</h3>
      <div className="row">
        <label>Name<input name="name" value={name} onChange={(e) => setName(e.target.value)} required placeholder={kind === "negative" ? "negative-A1-remove" : "alternative-1"} />
          {fieldError("name") && <span className="error">{fieldError("name")}</span>}
        </label>
        {kind === "negative" && (
          <>
            <label>Target atom
              <select name="targetAtomId" value={target} onChange={(e) => setTarget(e.target.value)} required>
                {finals.map((a) => <option key={a.id} value={a.id}>{a.key} — {a.statement}</option>)}
              </select>
              {fieldError("targetAtomId") && <span className="error">{fieldError("targetAtomId")}</span>}
            </label>
            <fieldset style={{ border: "none", padding: 0, margin: 0 }}>
              <legend className="muted">Mode</legend>
              {(["remove", "reverse"] as const).map((m) => (
                <label key={m} style={{ flexDirection: "row", gap: 6 }}>
                  <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => setMode(m)} /> {m}: {MODE_HELP[m]}
                </label>
              ))}
            </fieldset>
          </>
        )}
      </div>
      <div className="mt10">
        {kind !== "gold" && gold && (
          <p className="muted" style={{ margin: "0 0 6px" }}>
            Write the patch against the base commit, not against gold. <button type="button" onClick={() => setDiff(gold.diff)}>Start from gold</button>
          </p>
        )}
        <CodeEditor label={`${kind} patch`} value={diff} onChange={setDiff} rows={20}
          original={kind !== "gold" && gold ? { label: "Gold patch", value: gold.diff } : undefined} />
        <p className="muted my4">A unified diff against the base, up to 2 MiB. On save it must parse, change something, touch only files of the base (or create new ones) and pass <code>git apply --check</code> with no fuzz{kind === "negative" ? "; a negative identical to gold is refused as empty" : ""}.</p>
      </div>
      {conflict ? (
        <div className="error" role="alert">
          <p>{(save.error as Error).message} It is now version {conflict.version} (“{conflict.name}”).</p>
          <button type="button" onClick={() => { setDiff(conflict.diff); setName(conflict.name); setVersion(conflict.version); save.reset(); }}>Load the current patch</button>{" "}
          <button type="button" onClick={() => { setVersion(conflict.version); save.reset(); }}>Keep my edits over it</button>
        </div>
      ) : (
        <ApiErrorNotice error={save.error} field="diff" />
      )}
      <div className="row mt8">
        <button className="primary" disabled={save.isPending}>{save.isPending ? "Checking against the base…" : `Save ${kind} patch`}</button>
        <button type="button" onClick={onDone}>Cancel</button>
      </div>
    </Form>
  );
}
