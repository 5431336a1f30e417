import { FamilyOverview } from "@/components/families/family-overview";

// Prerendered once per family on first request, then served from the cache: proxy.ts guards it.
export async function generateStaticParams(): Promise<{ familyId: string }[]> {
  return [];
}

export default async function FamilyPage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  return <FamilyOverview familyId={familyId} />;
}
