import { requirePageUser } from "@/lib/auth/page-guard";
import { VerifierView } from "@/components/verifier/verifier-view";

export default async function VerifierPage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  return <VerifierView familyId={familyId} canEdit={user.roles.includes("curator")} />;
}
