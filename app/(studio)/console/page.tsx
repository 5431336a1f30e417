import Link from "next/link";
import { requirePageUser } from "@/lib/auth/page-guard";
import { listConsoleFamilies } from "@/lib/families/list-console-families";
import { STAGES, stageLabel } from "@/lib/gates/stages";

export default async function ConsolePage() {
  await requirePageUser(["lead"]);
  const families = await listConsoleFamilies();
  const counts = Object.fromEntries(STAGES.map((s) => [s.key, families.filter((f) => f.openStage === s.key).length]));
  return (
    <>
      <h1>Lead console</h1>
      <div className="rail">
        {STAGES.map((s) => (
          <div key={s.key} className="step" data-stage={s.key}><div className="n">{s.label}</div><div style={{ fontSize: 20 }}>{counts[s.key]}</div></div>
        ))}
      </div>
      <table data-testid="console-families">
        <thead><tr><th>Family</th><th>Suite</th><th>Stage</th></tr></thead>
        <tbody>
          {families.map((f) => (
            <tr key={f.id} data-family={f.id} data-stage={f.openStage ?? "done"}>
              <td><Link href={`/families/${f.id}`}>{f.title}</Link></td>
              <td>{f.suiteName}</td>
              <td>{f.openStage ? stageLabel(f.openStage) : "all gates green"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ marginTop: 16 }}><Link href="/console/audit-log">Open the audit log →</Link></p>
    </>
  );
}
