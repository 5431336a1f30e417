import { requirePageUser } from "@/lib/auth/page-guard";
import { AdjudicationView } from "@/components/review/adjudication-view";

export default async function AdjudicationPage({ params }: { params: Promise<{ familyId: string }> }) {
  await requirePageUser(["lead"]);
  const { familyId } = await params;
  return <AdjudicationView familyId={familyId} />;
}
