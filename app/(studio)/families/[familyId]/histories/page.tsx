import { monacoVersion } from "@/lib/anchoring/evidence/monaco-assets";
import { HistoriesTab } from "@/components/histories/histories-tab";

// Prerendered once per family on first request, then served from the cache: proxy.ts guards it.
export async function generateStaticParams(): Promise<{ familyId: string }[]> {
  return [];
}

export default async function HistoriesPage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  // Monaco's files come from the studio's one asset route (shared with the evidence and verifier tabs).
  const monacoBase = `/api/families/_/evidence/monaco/${await monacoVersion()}/vs`;
  return <HistoriesTab familyId={familyId} monacoBase={monacoBase} />;
}
