import { Suspense } from "react";
import { requirePageUser } from "@/lib/auth/page-guard";
import { db } from "@/lib/db";
import { assertFamilyAccess } from "@/lib/family-guard/access";
import { getEvidence } from "@/lib/anchoring/evidence/get-evidence";
import { monacoEditorWorkerAsset, monacoVersion } from "@/lib/anchoring/evidence/monaco-assets";
import { frozenPackageHash } from "@/lib/family-guard/frozen-package";
import { EvidenceView } from "@/components/anchoring/evidence/evidence-view";
import type { Evidence } from "@/components/anchoring/types";

export default async function EvidencePage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  // A frozen family renders without forms on every tab (the server refuses its changes anyway).
  const frozen = (await frozenPackageHash(familyId)) !== null;
  // Monaco's files are served by the studio under a versioned path (see the evidence/monaco route).
  const monacoBase = `/api/families/_/evidence/monaco/${await monacoVersion()}/vs`;
  const worker = await monacoEditorWorkerAsset();
  const initial = await initialEvidence(user, familyId);
  return (
    <Suspense fallback={<p className="muted">Loading the evidence…</p>}>
      <EvidenceView familyId={familyId} canEdit={user.roles.includes("curator") && !frozen} monacoBase={monacoBase} editorWorker={worker ? `${monacoBase}/${worker}` : null} initial={initial} />
    </Suspense>
  );
}

/**
 * The file list (and the rest of what GET …/evidence answers) rendered with the page, so
 * the first file's diff is requested at hydration instead of after one more round trip
 * (issue 24). The JSON round trip gives the client exactly the API's shape; any error is
 * left to the client's own request, which shows the API's message.
 */
async function initialEvidence(user: Awaited<ReturnType<typeof requirePageUser>>, familyId: string): Promise<Evidence | undefined> {
  try {
    await assertFamilyAccess(db(), user, familyId);
    return JSON.parse(JSON.stringify(await getEvidence(familyId))) as Evidence;
  } catch {
    return undefined;
  }
}
