import { requirePageUser } from "@/lib/auth/page-guard";
import { PackageView } from "@/components/package/package-view";

export default async function PackagePage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  return <PackageView familyId={familyId} isLead={user.roles.includes("lead")} />;
}
