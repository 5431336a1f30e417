"use client";
import { queryKeys } from "@/components/query-keys";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import type { TPackageView } from "@/lib/package/get-package-view";
import { refreshQueries } from "@/components/ui/refresh-queries";

type TPreview = Extract<TPackageView, { frozen: false }>["preview"];

/** Freeze: every gate green, then a confirmation that lists what becomes read-only. */
export function FreezePanel({ familyId, preview, isLead }: { familyId: string; preview: TPreview; isLead: boolean }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const freeze = useMutation({
    mutationFn: () => api<{ hash: string }>(`/api/families/${familyId}/package`, { method: "POST" }),
    onSuccess: () => {
      setConfirming(false);
      void refreshQueries(queryClient, { queryKey: queryKeys.package(familyId) });
      void refreshQueries(queryClient, { queryKey: queryKeys.gates(familyId) });
      void refreshQueries(queryClient, { queryKey: queryKeys.family(familyId) }); // the family header shows the frozen badge
    },
  });
  return (
    <section className="panel" aria-label="Freeze">
      <h2 style={{ marginTop: 0 }}>Freeze</h2>
      {preview.blockers.length > 0 ? (
        <>
          <p>The family can be frozen once every gate is green. Still open:</p>
          <ul>{preview.blockers.map((b) => <li key={b}>{b}</li>)}</ul>
        </>
      ) : (
        <p>Every gate is green. {isLead ? "Freezing builds the package and makes the family read-only." : "A lead can freeze it."}</p>
      )}
      {isLead && !confirming && (
        <button className="primary" disabled={!preview.ready} onClick={() => setConfirming(true)}>Freeze…</button>
      )}
      {confirming && (
        <div role="dialog" aria-label="Confirm freeze" className="panel">
          <p><strong>Freeze “{preview.title}” (version {preview.version})?</strong> These become read-only for good; only annotations can be added afterwards:</p>
          <ul data-testid="freeze-items">{preview.items.map((item) => <li key={item.label}>{item.count} {item.label}</li>)}</ul>
          <p className="muted">The package also records the provenance, the verifier and execution protocol, every gate report and the run signatures behind it.</p>
          <div className="row">
            <button className="primary" disabled={freeze.isPending} onClick={() => freeze.mutate()}>Freeze the package</button>
            <button onClick={() => setConfirming(false)}>Cancel</button>
          </div>
        </div>
      )}
      <ApiErrorNotice error={freeze.error} />
    </section>
  );
}
