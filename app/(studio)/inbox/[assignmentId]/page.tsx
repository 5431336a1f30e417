import { requirePageUser } from "@/lib/auth/page-guard";
import { ReviewWorkspace } from "@/components/review/review-workspace";

export default async function ReviewWorkspacePage({ params }: { params: Promise<{ assignmentId: string }> }) {
  await requirePageUser(["reviewer"]);
  const { assignmentId } = await params;
  return <ReviewWorkspace assignmentId={assignmentId} />;
}
