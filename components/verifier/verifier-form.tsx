"use client";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import { api, ApiError } from "@/lib/http/api-client";
import type { TVerifierDto } from "@/lib/schemas/verifier";
import { ApiErrorNotice, isConflict } from "@/components/ui/api-error-notice";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import { CodeEditor } from "./code-editor";
import { queryKeys } from "@/components/query-keys";
import { RUNNER_RECIPES, recipeOf, suggestRecipe, type TRunnerRecipe } from "@/lib/verifier/recipes";
import { type TResultFormat, type THistoryFormat } from "@/lib/contract/types";
import { Form } from "@/components/ui/form";

type TForm = Omit<TVerifierDto, "exists" | "defaultHiddenTestPatch" | "collectedTests" | "updatedAt">;
const formOf = (v: TVerifierDto): TForm => ({
  version: v.version, setupCommand: v.setupCommand, testCommand: v.testCommand, resultFormat: v.resultFormat,
  timeoutSec: v.timeoutSec, image: v.image, protocol: v.protocol, hiddenTestPatch: v.hiddenTestPatch,
});

/** A verifier with no test command yet starts from the recipe its hidden tests point to; the curator checks it and saves. */
function suggested(v: TVerifierDto): { form: TForm; recipe: TRunnerRecipe | null } {
  const form = formOf(v);
  const recipe = form.testCommand.trim() ? null : suggestRecipe(v.hiddenTestPatch || v.defaultHiddenTestPatch || "");
  if (!recipe) return { form, recipe: null };
  return { form: { ...form, setupCommand: recipe.setupCommand ?? "", testCommand: recipe.testCommand, resultFormat: recipe.resultFormat }, recipe };
}

/** Setup and test commands, result format, timeouts, execution protocol and the hidden test patch. */
export function VerifierForm({ familyId, canEdit }: { familyId: string; canEdit: boolean }) {
  const verifier = useQuery({ queryKey: queryKeys.verifier(familyId), queryFn: () => api<TVerifierDto>(`/api/families/${familyId}/verifier`) });
  const [form, setForm] = useState<TForm | null>(null);
  const [suggestion, setSuggestion] = useState<TRunnerRecipe | null>(null);
  const save = useFamilyMutation(familyId, (body: TForm) => api<TVerifierDto>(`/api/families/${familyId}/verifier`, { method: "PUT", body: { ...body, version: body.version ?? undefined } }));
  useEffect(() => {
    if (verifier.data && form === null) {
      const start = canEdit ? suggested(verifier.data) : { form: formOf(verifier.data), recipe: null };
      setForm(start.form);
      setSuggestion(start.recipe);
    }
  }, [verifier.data, form, canEdit]);
  if (verifier.error) return <p className="error">{verifier.error.message}</p>;
  if (!form || !verifier.data) return <p className="muted">Loading the verifier…</p>;
  const f = form;
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => setForm({ ...f, [key]: value });
  const setProtocol = <K extends keyof TForm["protocol"]>(key: K, value: TForm["protocol"][K]) => setForm({ ...f, protocol: { ...f.protocol, [key]: value } });
  const fieldError = (name: string) => (save.error instanceof ApiError ? save.error.fieldErrors[name]?.[0] : undefined);
  const conflict = isConflict(save.error) ? (save.error.current as TVerifierDto) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(f, { onSuccess: (saved) => { setForm(formOf(saved)); setSuggestion(null); void verifier.refetch(); } });
  }

  return (
    <Form className="panel" onSubmit={submit} aria-label="Verifier">
      <h2 className="mt0">Verifier {verifier.data.exists ? <span className="muted">version {verifier.data.version}</span> : <span className="muted">(not saved yet)</span>}</h2>
      {/* Read-only (a reader, or a frozen family): the fields show, none can change. */}
      <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0 }}>
      <div className="row center-y">
        <label>Runner recipe
          <select aria-label="Runner recipe" value="" onChange={(e) => {
            const recipe = RUNNER_RECIPES.find((r) => r.id === e.target.value);
            if (recipe) setForm({ ...f, setupCommand: recipe.setupCommand ?? "", testCommand: recipe.testCommand, resultFormat: recipe.resultFormat });
          }}>
            <option value="">fill in a tested recipe…</option>
            {RUNNER_RECIPES.map((r) => <option key={r.id} value={r.id}>{r.label} ({r.language === "python" ? "Python" : "Node"})</option>)}
          </select>
        </label>
        {recipeOf(f.testCommand) && <span className="muted" data-testid="recipe-note">{recipeOf(f.testCommand)!.label}: {recipeOf(f.testCommand)!.note}</span>}
      </div>
      {suggestion && f.testCommand === suggestion.testCommand && (
        <p role="note" data-testid="recipe-suggestion">The hidden tests use {suggestion.label}: its recipe is filled in below. Check it and save.</p>
      )}
      <p className="muted my4" data-testid="runtime-note">
        Node and Python come from the worker&apos;s own runtime, as the sandbox shows it (<code>node</code>, <code>python3</code>, and folders in <code>SPECPATH_SANDBOX_RUNTIMES</code>);
        packages a test needs (npm, pip) are installed by the setup command, which alone reaches the package registry.
      </p>
      <label>Setup command (optional, runs once per prepared workspace)
        <input name="setupCommand" className="mono" value={f.setupCommand} onChange={(e) => set("setupCommand", e.target.value)} placeholder="npm ci" />
      </label>
      <label className="mt8">Test command
        <input name="testCommand" className="mono" value={f.testCommand} onChange={(e) => set("testCommand", e.target.value)} required
          placeholder='node --test --test-reporter=junit --test-reporter-destination="$SPECPATH_REPORT" test/' />
        {fieldError("testCommand") && <span className="error">{fieldError("testCommand")}</span>}
      </label>
      <p className="muted" style={{ margin: "4px 0 8px" }}>
        The command must write its report to the file named by <code>$SPECPATH_REPORT</code> (JUnit XML or TAP, as chosen below); a run without a report fails closed.
        <code> $SPECPATH_PROBES</code> holds the probe test ids, one per line, for runners that select tests by id.
      </p>
      <div className="row">
        <label>Result format
          <select name="resultFormat" value={f.resultFormat} onChange={(e) => set("resultFormat", e.target.value as TResultFormat)}>
            <option value="junit">JUnit XML</option><option value="tap">TAP</option>
          </select>
        </label>
        <label>Verifier timeout (s)
          <input name="timeoutSec" type="number" min={1} max={3600} value={f.timeoutSec} onChange={(e) => set("timeoutSec", Number(e.target.value))} style={{ width: 110 }} />
          {fieldError("timeoutSec") && <span className="error">{fieldError("timeoutSec")}</span>}
        </label>
        <label className="grow">Container image (optional)
          <input name="image" className="mono" value={f.image} onChange={(e) => set("image", e.target.value)} placeholder="node:20-bookworm" />
          {fieldError("image") && <span className="error">{fieldError("image")}</span>}
          {f.image?.trim() && (
            <span className="warning" role="note" data-testid="image-warning">
              An image runs only in a container runtime (podman or docker): saving it is refused while no live worker reports one. Leave it empty to run in the worker&apos;s sandbox.
            </span>
          )}
        </label>
      </div>
      <h3 style={{ fontSize: 14, margin: "14px 0 6px" }}>Execution protocol</h3>
      <div className="row">
        <label>History path<input name="historyPath" className="mono" value={f.protocol.historyPath} onChange={(e) => setProtocol("historyPath", e.target.value)} />
          {fieldError("protocol.historyPath") && <span className="error">{fieldError("protocol.historyPath")}</span>}
        </label>
        <label>History format
          <select name="historyFormat" value={f.protocol.historyFormat} onChange={(e) => setProtocol("historyFormat", e.target.value as THistoryFormat)}>
            <option value="markdown">markdown</option><option value="json">json</option>
          </select>
        </label>
        <label>Agent timeout (s)<input name="agentTimeoutSec" type="number" min={10} value={f.protocol.agentTimeoutSec} onChange={(e) => setProtocol("agentTimeoutSec", Number(e.target.value))} style={{ width: 110 }} /></label>
        <label className="grow">Retry policy<input name="retryPolicy" value={f.protocol.retryPolicy} onChange={(e) => setProtocol("retryPolicy", e.target.value)} /></label>
      </div>
      <div style={{ marginTop: 12 }}>
        <CodeEditor label="Hidden test patch" value={f.hiddenTestPatch} onChange={canEdit ? (v) => set("hiddenTestPatch", v) : undefined} readOnly={!canEdit} rows={14} />
        <p className="muted my4">
          Applied before the verifier runs; defaults to the PR&apos;s in-slice test diff. Up to 2 MiB; checked with <code>git apply --check</code> against the base on save.
          {canEdit && verifier.data.defaultHiddenTestPatch && f.hiddenTestPatch !== verifier.data.defaultHiddenTestPatch && (
            <> <button type="button" onClick={() => set("hiddenTestPatch", verifier.data.defaultHiddenTestPatch)}>Reset to the in-slice test diff</button></>
          )}
        </p>
      </div>
      </fieldset>
      {conflict ? (
        <div className="error" role="alert">
          <p>{(save.error as Error).message}</p>
          <button type="button" onClick={() => { setForm(formOf(conflict)); save.reset(); }}>Load the current verifier (version {conflict.version})</button>{" "}
          <button type="button" onClick={() => { setForm({ ...f, version: conflict.version }); save.reset(); }}>Keep my edits over it</button>
        </div>
      ) : (
        <ApiErrorNotice error={save.error} field="hiddenTestPatch" />
      )}
      {canEdit && <div className="row mt10"><button className="primary" disabled={save.isPending}>Save verifier</button>{save.isSuccess && <span role="status" className="muted">Saved.</span>}</div>}
    </Form>
  );
}
