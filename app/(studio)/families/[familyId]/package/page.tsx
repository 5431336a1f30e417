import { PackageTab } from "@/components/package/package-tab";

// Prerendered once per family on first request, then served from the cache: proxy.ts guards it.
export async function generateStaticParams(): Promise<{ familyId: string }[]> {
  return [];
}

export default async function PackagePage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  return <PackageTab familyId={familyId} />;
}
