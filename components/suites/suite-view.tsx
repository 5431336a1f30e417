"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";
import { ErrorText } from "@/components/ui/error-text";
import { holdsAnyRole, useCurrentUser } from "@/components/shell/use-current-user";
import { SuiteOracleAccuracy } from "@/components/oracle-audit/suite-accuracy";
import { SuiteDashboard, SuiteFamilyStage } from "./suite-dashboard";

type TSuite = {
  id: string; name: string; description: string | null;
  families: { id: string; title: string; repo: string; frozen: boolean; prNumber: number | null; mergeCommit: string }[];
};

/** One suite: its families with their stage, the oracle audit over it, the dashboard and exports. */
export function SuiteView({ suiteId }: { suiteId: string }) {
  const me = useCurrentUser();
  const query = useQuery({ queryKey: queryKeys.suite(suiteId), queryFn: () => api<TSuite>(`/api/suites/${suiteId}`) });
  const suite = query.data;
  if (query.error) return <><p className="muted"><Link href="/suites">Suites</Link> /</p><ErrorText error={query.error} /></>;
  if (!suite) return <><p className="muted"><Link href="/suites">Suites</Link> /</p><h1 className="muted">Loading suite…</h1></>;
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
      {me.data && <SuiteDashboard suiteId={suite.id} canExport={holdsAnyRole(me.data, ["lead", "admin"])} />}
    </>
  );
}
