"use client";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import { refreshQueries } from "@/components/ui/refresh-queries";

type Imported = { imported: number; grading: { attempts: number; created: number; reused: number } };

/** Upload a SWE-bench-style predictions JSONL (or Harbor trial result.json files); all or nothing. */
export function UploadResults({ evaluationId }: { evaluationId: string }) {
  const client = useQueryClient();
  const [scaffold, setScaffold] = useState("");
  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      const harbor = files.every((f) => f.name.endsWith(".json"));
      const body = harbor
        ? { format: "harbor", trials: await Promise.all(files.map(async (f) => ({ path: f.webkitRelativePath || f.name, json: JSON.parse(await f.text()) as unknown }))) }
        : { format: "predictions", scaffold: scaffold.trim() || null, text: (await Promise.all(files.map((f) => f.text()))).join("\n") };
      return api<Imported>(`/api/evaluations/${evaluationId}/results`, { body });
    },
    onSettled: () => void refreshQueries(client, { queryKey: queryKeys.evaluation(evaluationId) }),
  });
  const rows = upload.error instanceof ApiError ? (upload.error.fieldErrors.rows ?? []) : [];
  return (
    <section className="panel">
      <h2>Agent results</h2>
      <div className="row">
        <label>Scaffold (when the file does not say)<br /><input value={scaffold} onChange={(e) => setScaffold(e.target.value)} /></label>
        <label>Predictions JSONL or Harbor result.json files<br />
          <input type="file" multiple accept=".jsonl,.json" aria-label="Agent results file" disabled={upload.isPending}
            onChange={(e) => { const files = [...(e.target.files ?? [])]; if (files.length) upload.mutate(files); e.target.value = ""; }} />
        </label>
      </div>
      {upload.isPending && <p className="muted">Importing…</p>}
      {upload.data && <p data-testid="upload-result">Imported {upload.data.imported} attempts; {upload.data.grading.attempts} patches to grade in {upload.data.grading.created} new runs ({upload.data.grading.reused} reused).</p>}
      {upload.error && <p className="error" role="alert">{upload.error.message}</p>}
      {rows.length > 5 && <ul className="error">{rows.slice(5, 50).map((r) => <li key={r}>{r}</li>)}</ul>}
    </section>
  );
}
