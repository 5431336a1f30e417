import { OracleAuditTab } from "@/components/oracle-audit/oracle-audit-tab";

// Prerendered once per family on first request, then served from the cache: proxy.ts guards it.
export async function generateStaticParams(): Promise<{ familyId: string }[]> {
  return [];
}

export default async function OracleAuditPage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  return <OracleAuditTab familyId={familyId} />;
}
