"use client";
import { useState } from "react";
import { api } from "@/lib/http/api-client";
import type { TProbesDto } from "@/lib/schemas/probes";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { StatusChip } from "@/components/ui/status-chip";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import { isActive } from "./use-probes";

/** "Collect tests" (a job on the worker pool, with its progress) and the picker over the collected ids. */
export function CollectPanel({ familyId, data, canEdit }: { familyId: string; data: TProbesDto; canEdit: boolean }) {
  const collect = useFamilyMutation(familyId, () => api(`/api/families/${familyId}/probes/collect`, { method: "POST" }));
  const add = useFamilyMutation(familyId, (testIds: string[]) => api(`/api/families/${familyId}/probes`, { body: { testIds } }));
  const [picked, setPicked] = useState<string[]>([]);
  const [filter, setFilter] = useState("");
  const run = data.collectRun;
  const probeIds = new Set(data.probes.map((p) => p.testId));
  const available = data.collectedTests.filter((id) => !probeIds.has(id) && id.toLowerCase().includes(filter.toLowerCase()));

  return (
    <div className="panel" aria-label="Collected tests">
      <div className="row" style={{ alignItems: "center" }}>
        {canEdit && (
          <button type="button" className="primary" disabled={!data.canCollect || collect.isPending || isActive(run?.status)} onClick={() => collect.mutate(undefined)}>
            Collect tests
          </button>
        )}
        {!data.canCollect && <span className="muted">Save a test command first: collecting runs it on the base with the hidden test patch.</span>}
        {run && (
          <span data-testid="collect-run">
            Collect job <StatusChip status={run.status} />
            {isActive(run.status) && <progress aria-label="Collecting tests" style={{ verticalAlign: "middle", marginLeft: 6 }} />}
            {run.status === "passed" && <span className="muted"> {data.collectedTests.length} tests collected {run.finishedAt ? `at ${new Date(run.finishedAt).toLocaleTimeString()}` : ""}</span>}
            {!isActive(run.status) && run.status !== "passed" && run.message && <span className="error"> {run.message}</span>}
          </span>
        )}
      </div>
      <ApiErrorNotice error={collect.error} />
      {canEdit && data.collectedTests.length > 0 && (
        <div style={{ marginTop: 10 }}>
          <div className="row" style={{ alignItems: "center" }}>
            <strong>Pick probes from the collected tests</strong>
            <input aria-label="Filter collected tests" placeholder="filter" value={filter} onChange={(e) => setFilter(e.target.value)} />
            <button type="button" disabled={picked.length === 0 || add.isPending}
              onClick={() => add.mutate(picked, { onSuccess: () => setPicked([]) })}>Add {picked.length || ""} as probe{picked.length === 1 ? "" : "s"}</button>
          </div>
          <p className="muted" style={{ margin: "4px 0" }}>Only collected ids can become probes, so a parameterized test is picked under each real id.</p>
          {available.length === 0 && <p className="muted">Every collected test is already a probe.</p>}
          <ul style={{ listStyle: "none", padding: 0, margin: 0, maxHeight: 220, overflowY: "auto" }}>
            {available.map((id) => (
              <li key={id}>
                <label style={{ flexDirection: "row", gap: 6 }} className="mono">
                  <input type="checkbox" checked={picked.includes(id)} onChange={(e) => setPicked(e.target.checked ? [...picked, id] : picked.filter((p) => p !== id))} />
                  {id}
                </label>
              </li>
            ))}
          </ul>
          <ApiErrorNotice error={add.error} />
        </div>
      )}
    </div>
  );
}
