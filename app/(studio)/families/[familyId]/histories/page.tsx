import { requirePageUser } from "@/lib/auth/page-guard";
import { HistoriesWorkspace } from "@/components/histories/histories-workspace";

export default async function HistoriesPage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  return (
    <HistoriesWorkspace
      familyId={familyId}
      isCurator={user.roles.includes("curator")}
      canRunReplay={user.roles.some((r) => r === "curator" || r === "lead")}
    />
  );
}
