import { requirePageUser } from "@/lib/auth/page-guard";
import { FamilyOverview } from "@/components/families/family-overview";

export default async function FamilyPage({ params }: { params: Promise<{ familyId: string }> }) {
  await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  return <FamilyOverview familyId={familyId} />;
}
