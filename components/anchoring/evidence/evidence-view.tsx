"use client";
import { useQuery } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo } from "react";
import { api } from "@/lib/http/api-client";
import { AnchoringGatePanel } from "../anchoring-gate-panel";
import { AnchorsPanel } from "./anchors-panel";
import { DiffFileList } from "./diff-file-list";
import { DiffFileViewer } from "./diff-file-viewer";
import { EvidenceText } from "./evidence-text";
import { preloadMonaco } from "./monaco-diff";
import { SliceAction } from "./slice-action";
import { UpstreamField } from "./upstream-field";
import styles from "../anchoring.module.css";
import type { DiffFile, Evidence } from "../types";
import { queryKeys } from "@/components/query-keys";

/** The evidence page: gate panel, issue / description / review, the diff file by file, anchors. `?file=…&line=…` opens a place. */
export function EvidenceView({ familyId, canEdit, monacoBase, editorWorker = null, initial }: { familyId: string; canEdit: boolean; monacoBase: string; editorWorker?: string | null; initial?: Evidence }) {
  const router = useRouter();
  const search = useSearchParams();
  // `initial`: rendered with the page (no round trip before the first file is requested); refetched like any query after.
  const evidence = useQuery({
    queryKey: queryKeys.evidence(familyId),
    queryFn: () => api<Evidence>(`/api/families/${familyId}/evidence`),
    initialData: initial,
    initialDataUpdatedAt: initial ? Date.now() : undefined,
  });
  const files = evidence.data?.files;
  const wantedPath = search.get("file");
  const line = Number(search.get("line")) || null;
  const selected = useMemo(() => pickFile(files ?? [], wantedPath), [files, wantedPath]);
  useEffect(() => preloadMonaco(monacoBase, editorWorker), [monacoBase, editorWorker]);

  if (evidence.isPending) return <p className="muted">Loading the evidence…</p>;
  if (evidence.error) return <p className="error">{evidence.error.message}</p>;
  const data = evidence.data;
  const select = (id: string) => {
    const file = data.files.find((f) => f.id === id);
    if (file) router.replace(`?file=${encodeURIComponent(file.path)}`, { scroll: false });
  };

  return (
    <>
      <AnchoringGatePanel familyId={familyId} canRequest={canEdit} />
      <p className="muted mono">
        {data.family.repo}{data.family.prNumber ? ` #${data.family.prNumber}` : ""} · base {data.family.baseCommit.slice(0, 12)} · merge {data.family.mergeCommit.slice(0, 12)}
      </p>
      <UpstreamField familyId={familyId} family={data.family} canEdit={canEdit && !data.family.frozen} />
      {data.evidence ? <EvidenceText familyId={familyId} evidence={data.evidence} canEdit={canEdit} /> : <p className="error">No evidence was captured for this family.</p>}
      <h2>Diff and behavioral slice</h2>
      {wantedPath && !data.files.some((f) => f.path === wantedPath) && <p className="error">{wantedPath} is not a file of this diff.</p>}
      <div className={styles.split}>
        <DiffFileList familyId={familyId} files={data.files} selectedId={selected?.id ?? null} onSelect={select} canEdit={canEdit} />
        <div className="panel" style={{ minWidth: 0 }}>
          {selected
            ? <DiffFileViewer key={selected.id} familyId={familyId} file={selected} line={selected.path === wantedPath ? line : null} monacoBase={monacoBase} canEdit={canEdit} />
            : <p className="muted">Choose a file.</p>}
        </div>
      </div>
      {canEdit && <SliceAction familyId={familyId} slice={data.slice} />}
      <AnchorsPanel familyId={familyId} anchors={data.anchors} canEdit={canEdit} />
    </>
  );
}

/** The file named in the URL, else the first source file in the slice, else the first file. */
function pickFile(files: DiffFile[], path: string | null): DiffFile | null {
  return files.find((f) => f.path === path) ?? files.find((f) => f.inSlice && f.kind === "source") ?? files[0] ?? null;
}
