"use client";
import { queryKeys } from "@/components/query-keys";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import type { TPackageView } from "@/lib/package/get-package-view";
import { type TAnnotationKind } from "@/lib/contract/types";
import { Form } from "@/components/ui/form";
import { refreshQueries } from "@/components/ui/refresh-queries";

type TFrozen = Extract<TPackageView, { frozen: true }>;

/** The frozen package: its hash, downloads, annotations (append-only) and the way to a new version. */
export function FrozenPanel({ familyId, view, isLead }: { familyId: string; view: TFrozen; isLead: boolean }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [kind, setKind] = useState<TAnnotationKind>("known_asymmetry");
  const annotate = useMutation({
    mutationFn: (body: { kind: string; body: string; rationale: string }) => api(`/api/families/${familyId}/package/annotations`, { body }),
    onSuccess: () => void refreshQueries(queryClient, { queryKey: queryKeys.package(familyId) }),
  });
  const openVersion = useMutation({
    mutationFn: () => api<{ id: string }>(`/api/families/${familyId}/versions`, { method: "POST" }),
    onSuccess: (next) => router.push(`/families/${next.id}`),
  });
  const pkg = view.package;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    annotate.mutate({ kind, body: String(form.get("body") ?? ""), rationale: String(form.get("rationale") ?? "") }, { onSuccess: () => (event.target as HTMLFormElement).reset() });
  }
  const download = (format: string) => `/api/families/${familyId}/package/export?format=${format}`;
  return (
    <>
      <section className="panel" aria-label="Frozen package">
        <h2 style={{ marginTop: 0 }}>Frozen package <span className="chip status-pass">frozen</span></h2>
        <table>
          <tbody>
            <tr><th>Package id (sha256)</th><td className="mono" data-testid="package-hash">{pkg.hash}</td></tr>
            <tr><th>Frozen</th><td>{new Date(pkg.frozenAt).toLocaleString()} by {pkg.frozenBy ?? "—"}</td></tr>
            <tr><th>Contents</th><td>{Object.entries(pkg.counts).map(([k, v]) => `${v} ${k.replace(/_/g, " ")}`).join(" · ")}</td></tr>
          </tbody>
        </table>
        <p className="row">
          <a className="button" href={download("native")} download>Native package (.tar.gz)</a>
          <a className="button" href={download("jsonl")} download>SWE-bench JSONL</a>
          <a className="button" href={download("harbor")} download>Harbor tasks (.tar.gz)</a>
        </p>
        {isLead && !view.next && (
          <p><button disabled={openVersion.isPending} onClick={() => openVersion.mutate()}>Open version {view.version + 1} as a draft</button> <span className="muted">This package stays as it is, with its hash.</span></p>
        )}
        <ApiErrorNotice error={openVersion.error} />
      </section>
      <section className="panel" aria-label="Annotations">
        <h2 style={{ marginTop: 0 }}>Annotations</h2>
        <p className="muted">Known asymmetries and errata recorded after freeze. They travel with exports as annotations.json and never change the package hash.</p>
        {pkg.annotations.length === 0 ? <p className="muted">None yet.</p> : (
          <ul data-testid="annotations">
            {pkg.annotations.map((a, i) => (
              <li key={i}><strong>{a.kind === "erratum" ? "Erratum" : "Known asymmetry"}:</strong> {a.body} <span className="muted">— {a.rationale} ({a.author}, {new Date(a.createdAt).toLocaleString()})</span></li>
            ))}
          </ul>
        )}
        {isLead && (
          <Form onSubmit={onSubmit} className="row" style={{ alignItems: "flex-end" }}>
            <label>Kind
              <select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
                <option value="known_asymmetry">known asymmetry</option>
                <option value="erratum">erratum</option>
              </select>
            </label>
            <label style={{ flex: 2 }}>What<input name="body" required /></label>
            <label style={{ flex: 2 }}>Rationale<input name="rationale" required /></label>
            <button className="primary" disabled={annotate.isPending}>Add annotation</button>
          </Form>
        )}
        <ApiErrorNotice error={annotate.error} />
      </section>
    </>
  );
}
