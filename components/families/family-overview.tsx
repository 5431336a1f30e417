"use client";
import { useGateReport } from "@/components/gates/use-gate-report";
import { StageGates } from "@/components/gates/stage-gates";
import { StageRail } from "./stage-rail";
import { useFamilySummary } from "./use-family-summary";
import { ErrorText } from "@/components/ui/error-text";

/** The gate dashboard: every stage, every gate, its evidence and what is missing. */
export function FamilyOverview({ familyId }: { familyId: string }) {
  const family = useFamilySummary(familyId);
  const report = useGateReport(familyId, 5000);
  if (family.error) return <p className="error">{family.error.message}</p>;
  return (
    <>
      {report.data && <StageRail familyId={familyId} report={report.data} />}
      {family.data && (
        <div className="panel">
          <table>
            <tbody>
              <tr><th>Repository</th><td className="mono">{family.data.repo}{family.data.prNumber ? ` #${family.data.prNumber}` : ""}</td></tr>
              <tr><th>Base commit</th><td className="mono">{family.data.baseCommit}</td></tr>
              <tr><th>Merge commit</th><td className="mono">{family.data.mergeCommit}</td></tr>
              <tr><th>Lead</th><td>{family.data.lead?.name ?? "—"}</td></tr>
              <tr><th>Curators</th><td>{family.data.curators.map((c) => c.name).join(", ") || "—"}</td></tr>
              <tr><th>Contents</th><td>{family.data.counts.atoms} atoms · {family.data.counts.probes} probes · {family.data.counts.patches} patches · {family.data.counts.histories} histories · {family.data.counts.runs} runs</td></tr>
            </tbody>
          </table>
        </div>
      )}
      <ErrorText error={report.error} />
      {report.data?.stages.map((stage) => <StageGates key={stage.stage} stage={stage} familyId={familyId} />)}
    </>
  );
}
