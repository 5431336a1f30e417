import { requirePageUser } from "@/lib/auth/page-guard";
import { listInbox } from "@/lib/review/list-inbox";

export default async function InboxPage() {
  const user = await requirePageUser(["reviewer"]);
  const { items } = await listInbox(user.id);
  return (
    <>
      <h1>Review inbox</h1>
      <p className="muted">Histories assigned to you for blind extraction. You see only the visible text of each history.</p>
      <table>
        <thead><tr><th>History</th><th>Revision</th><th>Status</th><th>Assigned</th></tr></thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <td>{item.label}</td>
              <td>{item.revisionNumber}</td>
              <td><span className="chip">{item.status}</span></td>
              <td>{item.createdAt.toISOString().slice(0, 10)}</td>
            </tr>
          ))}
          {items.length === 0 && <tr><td colSpan={4} className="muted">Nothing assigned to you yet.</td></tr>}
        </tbody>
      </table>
    </>
  );
}
