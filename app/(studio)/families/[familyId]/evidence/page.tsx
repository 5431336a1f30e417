import { Suspense } from "react";
import { requirePageUser } from "@/lib/auth/page-guard";
import { frozenPackageHash } from "@/lib/families/frozen-package";
import { monacoVersion } from "@/lib/anchoring/evidence/monaco-assets";
import { EvidenceView } from "@/components/anchoring/evidence/evidence-view";

export default async function EvidencePage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  // A frozen family renders without forms on every tab (the server refuses its changes anyway).
  const frozen = (await frozenPackageHash(familyId)) !== null;
  // Monaco's files are served by the studio under a versioned path (see the evidence/monaco route).
  const monacoBase = `/api/families/_/evidence/monaco/${await monacoVersion()}/vs`;
  return (
    <Suspense fallback={<p className="muted">Loading the evidence…</p>}>
      <EvidenceView familyId={familyId} canEdit={user.roles.includes("curator") && !frozen} monacoBase={monacoBase} />
    </Suspense>
  );
}
