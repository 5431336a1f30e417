import { FamilyOverview } from "@/components/families/family-overview";

export default async function FamilyPage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  return <FamilyOverview familyId={familyId} />;
}
