"use client";
import { useState } from "react";
import { api } from "@/lib/http/api-client";
import type { TProbesDto } from "@/lib/schemas/probes";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { StatusChip } from "@/components/ui/status-chip";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import { isActive } from "./use-probes";
import { OutcomeChip } from "./outcome-chip";

const IDS_PER_PAGE = 200;

/** "Collect tests" (a job on the worker pool, with its progress) and the picker over the collected ids. */
export function CollectPanel({ familyId, data, canEdit }: { familyId: string; data: TProbesDto; canEdit: boolean }) {
  const collect = useFamilyMutation(familyId, () => api(`/api/families/${familyId}/probes/collect`, { method: "POST" }));
  const add = useFamilyMutation(familyId, (input: { testIds: string[]; kind?: "probe" | "guard"; acceptShared?: { testIds: string[]; reason: string } }) =>
    api(`/api/families/${familyId}/probes`, { body: input }));
  const [picked, setPicked] = useState<string[]>([]);
  const [sharedReason, setSharedReason] = useState("");
  const sharedIds = new Set(data.sharedTestIds ?? []);
  const pickedShared = picked.filter((id) => sharedIds.has(id));
  const [filter, setFilter] = useState("");
  const [page, setPage] = useState(0);
  const run = data.collectRun;
  const probeIds = new Set(data.probes.map((p) => p.testId));
  const available = data.collectedTests.filter((id) => !probeIds.has(id) && id.toLowerCase().includes(filter.toLowerCase()));
  const pages = Math.max(1, Math.ceil(available.length / IDS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const shown = available.slice(current * IDS_PER_PAGE, (current + 1) * IDS_PER_PAGE);

  return (
    <div className="panel" aria-label="Collected tests">
      <div className="row center-y">
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
        <div className="mt10">
          <div className="row center-y">
            <strong>Pick probes from the collected tests</strong>
            <input aria-label="Filter collected tests" placeholder="filter" value={filter} onChange={(e) => { setFilter(e.target.value); setPage(0); }} />
            {shown.length > 0 && <button type="button" onClick={() => setPicked([...new Set([...picked, ...shown])])}>Pick the {shown.length} shown</button>}
            <button type="button" disabled={picked.length === 0 || add.isPending || (pickedShared.length > 0 && sharedReason.trim() === "")}
              onClick={() => add.mutate(
                { testIds: picked, ...(pickedShared.length > 0 ? { acceptShared: { testIds: pickedShared, reason: sharedReason } } : {}) },
                { onSuccess: () => { setPicked([]); setSharedReason(""); } },
              )}>Add {picked.length || ""} as probe{picked.length === 1 ? "" : "s"}</button>
            <button type="button" disabled={picked.length === 0 || add.isPending || pickedShared.length > 0}
              onClick={() => add.mutate({ testIds: picked, kind: "guard" }, { onSuccess: () => setPicked([]) })}>Add {picked.length || ""} as guard{picked.length === 1 ? "" : "s"}</button>
          </div>
          <p className="muted my4">Only collected ids can become probes, so a parameterized test is picked under each real id.</p>
          {sharedIds.size > 0 && (
            <p className="warning my4" role="note">
              {sharedIds.size} collected id{sharedIds.size === 1 ? " is" : "s are"} shared by several executed tests (marked “shared”): a probe on one passes only when all of them pass and cannot tell them apart. Prefer giving each test its own name in the hidden test patch.
            </p>
          )}
          {pickedShared.length > 0 && (
            <label>
              Why is a shared id an acceptable probe? (required to add {pickedShared.map((id) => `“${id}”`).join(", ")})
              <input aria-label="Reason for accepting a shared id" value={sharedReason} onChange={(e) => setSharedReason(e.target.value)} />
            </label>
          )}
          {available.length === 0 && <p className="muted">Every collected test is already a probe.</p>}
          <ul style={{ listStyle: "none", padding: 0, margin: 0, maxHeight: 220, overflowY: "auto" }}>
            {shown.map((id) => (
              <li key={id}>
                <label style={{ flexDirection: "row", gap: 6 }} className="mono">
                  <input type="checkbox" checked={picked.includes(id)} onChange={(e) => setPicked(e.target.checked ? [...picked, id] : picked.filter((p) => p !== id))} />
                  {id}
                  <OutcomeChip outcome={data.outcomes?.[id]} />
                  {sharedIds.has(id) && <span className="chip warning" title="several executed tests share this id"> shared</span>}
                </label>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <div className="row center-y">
              <button type="button" disabled={current === 0} onClick={() => setPage(current - 1)}>Previous</button>
              <span className="muted">{current * IDS_PER_PAGE + 1}–{Math.min(available.length, (current + 1) * IDS_PER_PAGE)} of {available.length}</span>
              <button type="button" disabled={current + 1 >= pages} onClick={() => setPage(current + 1)}>Next</button>
            </div>
          )}
          <ApiErrorNotice error={add.error} />
        </div>
      )}
    </div>
  );
}
