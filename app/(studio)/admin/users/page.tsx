import { requirePageUser } from "@/lib/auth/page-guard";
import { UsersView } from "@/components/admin/users-view";

export default async function UsersPage() {
  await requirePageUser(["admin"]);
  return <UsersView />;
}
