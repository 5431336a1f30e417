import { Suspense } from "react";
import { monacoEditorWorkerAsset, monacoVersion } from "@/lib/anchoring/evidence/monaco-assets";
import { EvidenceView } from "@/components/anchoring/evidence/evidence-view";
import { evidenceBootScript } from "@/components/anchoring/evidence/evidence-boot";

// Prerendered once per family on first request, then served from the cache: proxy.ts guards it,
// the evidence API refuses its data to a wrong role. Who may edit is known in the browser (/api/me
// and whether the family is frozen, which the evidence carries).
export async function generateStaticParams(): Promise<{ familyId: string }[]> {
  return [];
}

export default async function EvidencePage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  // Monaco's files are served by the studio under a versioned path (see the evidence/monaco route).
  const monacoBase = `/api/families/_/evidence/monaco/${await monacoVersion()}/vs`;
  const worker = await monacoEditorWorkerAsset();
  const editorWorker = worker ? `${monacoBase}/${worker}` : null;
  return (
    <>
      {/* Runs while the shell is parsed: the evidence request, the diff worker and Monaco start before React (evidence-boot.ts). */}
      <script dangerouslySetInnerHTML={{ __html: evidenceBootScript(familyId, monacoBase, editorWorker) }} />
      <Suspense fallback={<p className="muted">Loading the evidence…</p>}>
        <EvidenceView familyId={familyId} monacoBase={monacoBase} editorWorker={editorWorker} />
      </Suspense>
    </>
  );
}
