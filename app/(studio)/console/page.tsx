import Link from "next/link";
import { requirePageUser } from "@/lib/auth/page-guard";
import { db } from "@/lib/db";
import { STAGES } from "@/lib/families/stages";

export default async function ConsolePage() {
  await requirePageUser(["lead"]);
  const families = await db().taskFamily.findMany({
    orderBy: { createdAt: "asc" },
    select: { id: true, title: true, stage: true, suite: { select: { name: true } } },
  });
  const counts = Object.fromEntries(STAGES.map((s) => [s.key, families.filter((f) => f.stage === s.key).length]));
  return (
    <>
      <h1>Lead console</h1>
      <div className="rail">
        {STAGES.map((s) => (
          <div key={s.key} className="step"><div className="n">{s.label}</div><div style={{ fontSize: 20 }}>{counts[s.key]}</div></div>
        ))}
      </div>
      <table>
        <thead><tr><th>Family</th><th>Suite</th><th>Stage</th></tr></thead>
        <tbody>
          {families.map((f) => (
            <tr key={f.id}>
              <td><Link href={`/families/${f.id}`}>{f.title}</Link></td>
              <td>{f.suite.name}</td>
              <td>{f.stage}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ marginTop: 16 }}><Link href="/console/adjudication">Adjudication console →</Link></p>
      <p style={{ marginTop: 16 }}><Link href="/console/audit">Open the audit log →</Link></p>
    </>
  );
}
