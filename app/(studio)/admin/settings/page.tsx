import { requirePageUser } from "@/lib/auth/page-guard";
import { SettingsView } from "@/components/admin/settings-view";

export default async function SettingsPage() {
  await requirePageUser(["admin"]);
  return <SettingsView />;
}
