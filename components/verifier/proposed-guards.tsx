"use client";
import { useState } from "react";
import { api } from "@/lib/http/api-client";
import type { TProbesDto } from "@/lib/schemas/probes";
import { groupByFile } from "@/lib/probes/outcomes";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";

const FILES_PER_PAGE = 20;

/**
 * The guard tests execution proposes: collected tests passing on the base and with gold
 * (PASS_TO_PASS). Accept all at once, per file, or one test at a time; a real suite's
 * thousands arrive in one request, and the file list pages instead of refusing.
 */
export function ProposedGuards({ familyId, data, canEdit }: { familyId: string; data: TProbesDto; canEdit: boolean }) {
  const accept = useFamilyMutation(familyId, (testIds: string[]) => api(`/api/families/${familyId}/probes`, { body: { testIds, kind: "guard" } }));
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const ids = data.proposedGuards ?? [];
  if (ids.length === 0) return null;
  const files = groupByFile(ids);
  const pages = Math.ceil(files.length / FILES_PER_PAGE);
  const shown = files.slice(page * FILES_PER_PAGE, (page + 1) * FILES_PER_PAGE);
  return (
    <div className="panel" aria-label="Proposed guard tests">
      <div className="row center-y">
        <strong>{ids.length} proposed guard test{ids.length === 1 ? "" : "s"}</strong>
        <span className="muted">pass on the base and with gold (PASS_TO_PASS): they must keep passing on gold and every alternative.</span>
        {canEdit && <button type="button" className="primary" disabled={accept.isPending} onClick={() => accept.mutate(ids)}>Accept all {ids.length} as guards</button>}
      </div>
      <ul style={{ listStyle: "none", padding: 0, margin: "8px 0 0" }}>
        {shown.map((group) => (
          <li key={group.file} data-guard-file={group.file}>
            <div className="row center-y">
              <button type="button" aria-expanded={open === group.file} onClick={() => setOpen(open === group.file ? null : group.file)}>
                {open === group.file ? "▾" : "▸"} <span className="mono">{group.file}</span>
              </button>
              <span className="muted">{group.ids.length} test{group.ids.length === 1 ? "" : "s"}</span>
              {canEdit && <button type="button" disabled={accept.isPending} onClick={() => accept.mutate(group.ids)} aria-label={`Accept the ${group.ids.length} guards of ${group.file}`}>Accept file</button>}
            </div>
            {open === group.file && (
              <ul style={{ listStyle: "none", paddingLeft: 18, margin: 0, maxHeight: 220, overflowY: "auto" }}>
                {group.ids.map((id) => (
                  <li key={id} className="row center-y">
                    <span className="mono">{id}</span>
                    {canEdit && <button type="button" disabled={accept.isPending} onClick={() => accept.mutate([id])} aria-label={`Accept ${id} as a guard`}>Accept</button>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="row center-y mt10">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>Previous files</button>
          <span className="muted">files {page * FILES_PER_PAGE + 1}–{Math.min(files.length, (page + 1) * FILES_PER_PAGE)} of {files.length}</span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>Next files</button>
        </div>
      )}
      <ApiErrorNotice error={accept.error} />
    </div>
  );
}
