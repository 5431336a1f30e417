import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/page-guard";
import { getSuite } from "@/lib/suites/list-suites";
import { SuiteOracleAccuracy } from "@/components/oracle-audit/suite-accuracy";
import { SuiteDashboard, SuiteFamilyStage } from "@/components/suites/suite-dashboard";

export default async function SuitePage({ params }: { params: Promise<{ suiteId: string }> }) {
  const user = await requirePageUser(["curator", "lead", "admin"]);
  const { suiteId } = await params;
  const suite = await getSuite(suiteId);
  if (!suite) notFound();
  return (
    <>
      <p className="muted"><Link href="/suites">Suites</Link> /</p>
      <h1>{suite.name}</h1>
      <p className="muted">{suite.description}</p>
      <p><Link href={`/suites/${suite.id}/funnel`}>Candidate funnel: import and screen pull requests</Link></p>
      <p><Link href={`/suites/${suite.id}/agreement`}>Review agreement: reviewers against gold and each other</Link></p>
      <h2>Task families</h2>
      <table>
        <thead><tr><th>Family</th><th>Repository</th><th>Merge commit</th><th>Stage</th></tr></thead>
        <tbody>
          {suite.families.map((family) => (
            <tr key={family.id}>
              <td><Link href={`/families/${family.id}`}>{family.title}</Link></td>
              <td className="mono">{family.repo}{family.prNumber ? ` #${family.prNumber}` : ""}</td>
              <td className="mono">{family.mergeCommit.slice(0, 10)}</td>
              <td><SuiteFamilyStage suiteId={suite.id} familyId={family.id} fallback={family.frozen ? "Frozen" : "…"} /></td>
            </tr>
          ))}
          {suite.families.length === 0 && <tr><td colSpan={4} className="muted">No families yet: import and admit a pull request.</td></tr>}
        </tbody>
      </table>
      <SuiteOracleAccuracy suiteId={suite.id} />
      <SuiteDashboard suiteId={suite.id} canExport={user.roles.some((r) => r === "lead" || r === "admin")} />
    </>
  );
}
