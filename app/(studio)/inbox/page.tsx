import Link from "next/link";
import { requirePageUser } from "@/lib/auth/page-guard";
import { listInbox } from "@/lib/review/list-inbox";

export default async function InboxPage() {
  const user = await requirePageUser(["reviewer"]);
  const { items, waiting } = await listInbox(user.id);
  return (
    <>
      <h1>Review inbox</h1>
      <p data-testid="inbox-waiting"><strong>{waiting === 0 ? "No history waits for your extraction." : `${waiting} ${waiting === 1 ? "history waits" : "histories wait"} for your extraction.`}</strong></p>
      <p className="muted">Histories assigned to you for blind extraction. You see only the visible text of each history and a neutral catalog.</p>
      <table>
        <thead><tr><th>History</th><th>Status</th><th>Assigned</th><th>Submitted</th></tr></thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.assignmentId}>
              <td><Link href={`/inbox/${item.assignmentId}`}>{item.label}</Link></td>
              <td><span className="chip">{item.status === "assigned" ? "open" : "submitted"}</span></td>
              <td>{item.assignedAt.slice(0, 10)}</td>
              <td>{item.submittedAt ? item.submittedAt.slice(0, 16).replace("T", " ") : "—"}</td>
            </tr>
          ))}
          {items.length === 0 && <tr><td colSpan={4} className="muted">Nothing assigned to you yet.</td></tr>}
        </tbody>
      </table>
    </>
  );
}
