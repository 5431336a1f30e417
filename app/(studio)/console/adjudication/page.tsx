import Link from "next/link";
import { requirePageUser } from "@/lib/auth/page-guard";
import { listAdjudicationQueue } from "@/lib/review/list-adjudication-queue";

export default async function AdjudicationQueuePage() {
  await requirePageUser(["lead"]);
  const families = await listAdjudicationQueue();
  return (
    <>
      <h1>Adjudication</h1>
      <table>
        <thead><tr><th>Family</th><th>Suite</th><th>Waiting for a decision</th><th>Agreement</th></tr></thead>
        <tbody>
          {families.map((f) => (
            <tr key={f.id}>
              <td><Link href={`/console/adjudication/${f.id}`}>{f.title}</Link></td>
              <td><Link href={`/suites/${f.suiteId}/agreement`}>{f.suite}</Link></td>
              <td>{f.waiting}</td>
              <td>{f.sentence}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
