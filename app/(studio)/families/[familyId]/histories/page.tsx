import { requirePageUser } from "@/lib/auth/page-guard";
import { frozenPackageHash } from "@/lib/family-guard/frozen-package";
import { monacoVersion } from "@/lib/anchoring/evidence/monaco-assets";
import { HistoriesWorkspace } from "@/components/histories/histories-workspace";

export default async function HistoriesPage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  // A frozen family renders without forms on every tab (the server refuses its changes anyway).
  const frozen = (await frozenPackageHash(familyId)) !== null;
  // Monaco's files come from the studio's one asset route (shared with the evidence and verifier tabs).
  const monacoBase = `/api/families/_/evidence/monaco/${await monacoVersion()}/vs`;
  return (
    <HistoriesWorkspace
      familyId={familyId}
      isCurator={user.roles.includes("curator") && !frozen}
      canRunReplay={user.roles.some((r) => r === "curator" || r === "lead") && !frozen}
      monacoBase={monacoBase}
    />
  );
}
