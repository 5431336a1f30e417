"use client";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useRouter, useSearchParams } from "next/navigation";
import { useEffect, useMemo } from "react";
import { api, readApi } from "@/lib/http/api-client";
import { pickFile } from "@/lib/anchoring/evidence/pick-file";
import { useCurrentUser } from "@/components/shell/use-current-user";
import { AnchoringGatePanel } from "../anchoring-gate-panel";
import { AnchorsPanel } from "./anchors-panel";
import { DiffFileList } from "./diff-file-list";
import { DiffFileViewer } from "./diff-file-viewer";
import { EvidenceText } from "./evidence-text";
import { evidenceOpenUrl, takeBootedEvidence } from "./evidence-boot";
import { mark, preloadMonaco } from "./monaco-diff";
import { SliceAction } from "./slice-action";
import { UpstreamField } from "./upstream-field";
import styles from "../anchoring.module.css";
import type { DiffFileView, Evidence } from "../types";
import { queryKeys } from "@/components/query-keys";

/** The evidence page: gate panel, issue / description / review, the diff file by file, anchors. `?file=…&line=…` opens a place. */
export function EvidenceView({ familyId, monacoBase, editorWorker = null }: { familyId: string; monacoBase: string; editorWorker?: string | null }) {
  const router = useRouter();
  const search = useSearchParams();
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const wantedPath = search.get("file");
  const evidence = useQuery({
    queryKey: queryKeys.evidence(familyId),
    queryFn: () => fetchEvidence(queryClient, familyId, wantedPath),
  });
  const files = evidence.data?.files;
  const line = Number(search.get("line")) || null;
  const selected = useMemo(() => pickFile(files ?? [], wantedPath), [files, wantedPath]);
  useEffect(() => preloadMonaco(monacoBase, editorWorker), [monacoBase, editorWorker]);

  if (evidence.isPending) return <p className="muted">Loading the evidence…</p>;
  if (evidence.error) return <p className="error">{evidence.error.message}</p>;
  const data = evidence.data;
  // What the page offers, not what it may see: the evidence API refused the data to a wrong role.
  const canEdit = !!me.data?.roles.includes("curator") && !data.family.frozen;
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

/**
 * The evidence. Asked first (nothing cached yet), with the view of the file the page opens
 * (`opened`, texts included) in the same answer, which the file's own query then finds in the
 * cache: one round trip before the first diff, and on a full load the boot script's, sent while
 * the shell was parsed. Later refetches (after a change) ask for the evidence alone.
 */
async function fetchEvidence(queryClient: QueryClient, familyId: string, wantedPath: string | null): Promise<Evidence> {
  if (queryClient.getQueryData(queryKeys.evidence(familyId))) return api<Evidence>(`/api/families/${familyId}/evidence`);
  const url = evidenceOpenUrl(familyId, wantedPath);
  const { opened, ...evidence } = await readApi<Evidence & { opened: DiffFileView | null }>(await (takeBootedEvidence(url) ?? fetch(url)));
  mark("specpath:evidence-received");
  if (opened && queryClient.getQueryData(queryKeys.diffFile(familyId, opened.file.id)) === undefined) {
    queryClient.setQueryData(queryKeys.diffFile(familyId, opened.file.id), opened);
  }
  return evidence;
}
