import { requirePageUser } from "@/lib/auth/page-guard";
import { loadSuiteAgreement } from "@/lib/review/load-suite-agreement";
import { SuiteAgreement } from "@/components/review/suite-agreement";

export default async function SuiteAgreementPage({ params }: { params: Promise<{ suiteId: string }> }) {
  await requirePageUser(["lead", "curator", "admin"]);
  const { suiteId } = await params;
  const data = await loadSuiteAgreement(suiteId);
  return <SuiteAgreement name={data.suite.name} summary={data.summary} families={data.families} />;
}
