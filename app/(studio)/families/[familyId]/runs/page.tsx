import { RunsView } from "@/components/runs/runs-view";

// Prerendered once per family on first request, then served from the cache: proxy.ts guards it.
export async function generateStaticParams(): Promise<{ familyId: string }[]> {
  return [];
}

export default async function RunsPage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  return <RunsView familyId={familyId} />;
}
