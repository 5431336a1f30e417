"use client";
import Link from "next/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import { refreshQueries } from "@/components/ui/refresh-queries";

type Evaluation = { id: string; name: string; packageHashes: string[]; createdAt: string; attempts: number };
type FrozenPackage = { hash: string; family: string; frozenAt: string };

/** Evaluations of agents on frozen suite versions; a lead starts one by picking frozen packages. */
export function EvaluationsView({ canCreate }: { canCreate: boolean }) {
  const evaluations = useQuery({ queryKey: queryKeys.evaluations(), queryFn: () => api<Evaluation[]>("/api/evaluations") });
  return (
    <>
      <h1>Evaluations</h1>
      <p className="muted">An evaluation grades agents&apos; patches on frozen packages only; its results are stored apart from the packages and can never change them.</p>
      {canCreate && <CreateEvaluation />}
      <table>
        <thead><tr><th>Evaluation</th><th>Packages</th><th>Attempts</th><th>Created</th></tr></thead>
        <tbody>
          {evaluations.data?.map((e) => (
            <tr key={e.id}>
              <td><Link href={`/console/evaluations/${e.id}`}>{e.name}</Link></td>
              <td className="mono">{e.packageHashes.map((h) => h.slice(0, 12)).join(", ")}</td>
              <td>{e.attempts}</td>
              <td>{new Date(e.createdAt).toLocaleString()}</td>
            </tr>
          ))}
          {evaluations.data?.length === 0 && <tr><td colSpan={4} className="muted">No evaluation yet.</td></tr>}
        </tbody>
      </table>
    </>
  );
}

function CreateEvaluation() {
  const client = useQueryClient();
  const packages = useQuery({ queryKey: queryKeys.frozenPackages(), queryFn: () => api<FrozenPackage[]>("/api/evaluations/packages") });
  const [name, setName] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: () => api<Evaluation>("/api/evaluations", { body: { name, packageHashes: picked } }),
    onSuccess: () => {
      setName("");
      setPicked([]);
      void refreshQueries(client, { queryKey: queryKeys.evaluations() });
    },
  });
  return (
    <section className="panel">
      <h2>New evaluation</h2>
      {packages.data?.length === 0 && <p className="muted">No package is frozen yet: freeze a family first.</p>}
      <fieldset>
        <legend>Suite version (frozen packages)</legend>
        {packages.data?.map((p) => (
          <label key={p.hash} style={{ display: "block" }}>
            <input type="checkbox" checked={picked.includes(p.hash)} onChange={(e) => setPicked((old) => (e.target.checked ? [...old, p.hash] : old.filter((h) => h !== p.hash)))} />{" "}
            {p.family} <span className="mono">{p.hash.slice(0, 16)}</span>
          </label>
        ))}
      </fieldset>
      <div className="row">
        <label>Name<br /><input value={name} onChange={(e) => setName(e.target.value)} aria-label="Evaluation name" /></label>
        <button type="button" onClick={() => create.mutate()} disabled={create.isPending || !name.trim() || picked.length === 0}>Create evaluation</button>
      </div>
      {create.error && <p className="error">{create.error.message}{create.error instanceof ApiError && create.error.fieldErrors.packageHashes ? ` — ${create.error.fieldErrors.packageHashes.join("; ")}` : ""}</p>}
    </section>
  );
}
