import { AtomsTab } from "@/components/atoms/atoms-tab";

// Prerendered once per family on first request, then served from the cache: proxy.ts guards it.
export async function generateStaticParams(): Promise<{ familyId: string }[]> {
  return [];
}

export default async function AtomsPage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  return <AtomsTab familyId={familyId} />;
}
