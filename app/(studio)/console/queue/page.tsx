import { requirePageUser } from "@/lib/auth/page-guard";
import { QueueView } from "@/components/runs/queue-view";

export default async function QueuePage() {
  await requirePageUser(["lead", "admin"]);
  return <QueueView />;
}
