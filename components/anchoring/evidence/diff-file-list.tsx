"use client";
import { useState } from "react";
import styles from "../anchoring.module.css";
import type { DiffFile } from "../types";
import { ZFileKindSchema } from "@/lib/contract/types";
import { useUpdateDiffFile } from "./use-update-diff-file";

const KINDS = ZFileKindSchema.options;

/** Every file of the diff with its classification and slice decision. */
export function DiffFileList(props: { familyId: string; files: DiffFile[]; selectedId: string | null; onSelect: (id: string) => void; canEdit: boolean }) {
  return (
    <table data-testid="diff-files">
      <thead><tr><th>File</th><th>Kind</th><th>Behavioral slice</th></tr></thead>
      <tbody>
        {props.files.map((file) => (
          <DiffFileRow key={`${file.id}:${file.version}`} {...props} file={file} />
        ))}
        {props.files.length === 0 && <tr><td colSpan={3} className="muted">The diff has no files.</td></tr>}
      </tbody>
    </table>
  );
}

function DiffFileRow({ familyId, file, selectedId, onSelect, canEdit }: { familyId: string; file: DiffFile; selectedId: string | null; onSelect: (id: string) => void; canEdit: boolean }) {
  const update = useUpdateDiffFile(familyId, file);
  const [inSlice, setInSlice] = useState(file.inSlice);
  const [reason, setReason] = useState(file.reason ?? "");
  const excludedHunks = file.hunks.filter((h) => !h.inSlice).length;
  const dirty = inSlice !== file.inSlice || (!inSlice && reason !== (file.reason ?? ""));

  return (
    <tr className={styles.fileRow} aria-current={selectedId === file.id} data-testid="diff-file" data-path={file.path} data-in-slice={file.inSlice} data-kind={file.kind}>
      <td>
        <button className={styles.fileButton} onClick={() => onSelect(file.id)} aria-label={`Show ${file.path}`}>{file.path}</button>
        <div className="muted mono">
          {file.binary ? "binary" : `+${file.additions} −${file.deletions}`}
          {file.oldPath && file.oldPath !== file.path ? ` · from ${file.oldPath}` : ""}
          {excludedHunks > 0 ? ` · ${excludedHunks} of ${file.hunks.length} hunks out` : ""}
        </div>
      </td>
      <td>
        <select aria-label={`Kind of ${file.path}`} value={file.kind} disabled={!canEdit || update.isPending}
          onChange={(e) => update.mutate({ kind: e.target.value as DiffFile["kind"] })}>
          {KINDS.map((kind) => <option key={kind} value={kind}>{kind}</option>)}
        </select>
      </td>
      <td>
        <label style={{ flexDirection: "row", alignItems: "center", color: "var(--ink)" }}>
          <input type="checkbox" aria-label={`${file.path} in the slice`} checked={inSlice} disabled={!canEdit || update.isPending}
            onChange={(e) => {
              setInSlice(e.target.checked);
              if (e.target.checked) update.mutate({ inSlice: true });
            }} />
          in slice
        </label>
        {!inSlice && (
          <div className="row" style={{ gap: 6, marginTop: 4 }}>
            <input aria-label={`Why ${file.path} is out of the slice`} value={reason} disabled={!canEdit} placeholder="why it is out"
              onChange={(e) => setReason(e.target.value)} style={{ flex: 1, minWidth: 120 }} />
            {canEdit && dirty && <button onClick={() => update.mutate({ inSlice: false, reason })} disabled={update.isPending}>Save</button>}
          </div>
        )}
        {update.error && <p className="error" role="alert" style={{ margin: "4px 0 0" }}>{update.error.message}</p>}
      </td>
    </tr>
  );
}
