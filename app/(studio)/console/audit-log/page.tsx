import { requirePageUser } from "@/lib/auth/page-guard";
import { db } from "@/lib/db";
import { listAuditActions } from "@/lib/audit-log/list-events";
import { AuditLogView } from "@/components/audit-log/audit-log-view";

export default async function AuditPage() {
  await requirePageUser(["lead", "admin"]);
  const [families, users, actions] = await Promise.all([
    db().taskFamily.findMany({ select: { id: true, title: true }, orderBy: { title: "asc" } }),
    db().user.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } }),
    listAuditActions(),
  ]);
  return <AuditLogView families={families} users={users} actions={actions} />;
}
