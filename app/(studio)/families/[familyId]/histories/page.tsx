import { requirePageUser } from "@/lib/auth/page-guard";
import { monacoVersion } from "@/lib/anchoring/evidence/monaco-assets";
import { HistoriesWorkspace } from "@/components/histories/histories-workspace";

export default async function HistoriesPage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  // Monaco's files come from the studio's one asset route (shared with the evidence and verifier tabs).
  const monacoBase = `/api/families/_/evidence/monaco/${await monacoVersion()}/vs`;
  return (
    <HistoriesWorkspace
      familyId={familyId}
      isCurator={user.roles.includes("curator")}
      canRunReplay={user.roles.some((r) => r === "curator" || r === "lead")}
      monacoBase={monacoBase}
    />
  );
}
