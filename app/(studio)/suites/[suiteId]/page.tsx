import { SuiteView } from "@/components/suites/suite-view";

// Prerendered once per suite on first request, then served from the cache: proxy.ts guards it.
export async function generateStaticParams(): Promise<{ suiteId: string }[]> {
  return [];
}

export default async function SuitePage({ params }: { params: Promise<{ suiteId: string }> }) {
  const { suiteId } = await params;
  return <SuiteView suiteId={suiteId} />;
}
