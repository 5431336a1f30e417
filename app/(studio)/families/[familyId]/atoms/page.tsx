import { requirePageUser } from "@/lib/auth/page-guard";
import { AtomsView } from "@/components/atoms/atoms-view";

export default async function AtomsPage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  return <AtomsView familyId={familyId} canEdit={user.roles.includes("curator")} />;
}
