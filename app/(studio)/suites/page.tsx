import { requirePageUser } from "@/lib/auth/page-guard";
import { SuitesView } from "@/components/suites/suites-view";

export default async function SuitesPage() {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  return <SuitesView canCreate={user.roles.some((r) => r === "curator" || r === "lead" || r === "admin")} />;
}
