import { requirePageUser } from "@/lib/auth/page-guard";
import { frozenPackageHash } from "@/lib/family-guard/frozen-package";
import { monacoVersion } from "@/lib/anchoring/evidence/monaco-assets";
import { VerifierView } from "@/components/verifier/verifier-view";

export default async function VerifierPage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  // A frozen family renders without forms on every tab (the server refuses its changes anyway).
  const frozen = (await frozenPackageHash(familyId)) !== null;
  // Monaco's files come from the studio's one asset route (shared with the evidence tab).
  const monacoBase = `/api/families/_/evidence/monaco/${await monacoVersion()}/vs`;
  return <VerifierView familyId={familyId} canEdit={user.roles.includes("curator") && !frozen} monacoBase={monacoBase} />;
}
