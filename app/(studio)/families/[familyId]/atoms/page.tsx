import { requirePageUser } from "@/lib/auth/page-guard";
import { frozenPackageHash } from "@/lib/family-guard/frozen-package";
import { AtomsView } from "@/components/atoms/atoms-view";

export default async function AtomsPage({ params }: { params: Promise<{ familyId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  // A frozen family renders without forms on every tab (the server refuses its changes anyway).
  const frozen = (await frozenPackageHash(familyId)) !== null;
  return <AtomsView familyId={familyId} canEdit={user.roles.includes("curator") && !frozen} />;
}
