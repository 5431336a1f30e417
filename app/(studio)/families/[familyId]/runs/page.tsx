import { RunsView } from "@/components/runs/runs-view";

export default async function RunsPage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  return <RunsView familyId={familyId} />;
}
