import { ReviewBoard } from "@/components/review/review-board";

// Prerendered once per family on first request, then served from the cache: proxy.ts guards it (lead, admin).
export async function generateStaticParams(): Promise<{ familyId: string }[]> {
  return [];
}

export default async function ReviewsPage({ params }: { params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  return <ReviewBoard familyId={familyId} />;
}
