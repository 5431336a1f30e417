import { requirePageUser } from "@/lib/auth/page-guard";
import { ReviewBoard } from "@/components/review/review-board";

export default async function ReviewsPage({ params }: { params: Promise<{ familyId: string }> }) {
  await requirePageUser(["lead", "admin"]);
  const { familyId } = await params;
  return <ReviewBoard familyId={familyId} />;
}
