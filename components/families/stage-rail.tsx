import Link from "next/link";
import { STAGES, stageHref } from "@/lib/gates/stages";
import type { TGateReport } from "@/lib/gates/types";

/** The six stages (lib/gates/stages.ts) as a progress rail, coloured by their computed gates. */
export function StageRail({ familyId, report }: { familyId: string; report: TGateReport }) {
  return (
    <ol className="rail" aria-label="Stages" style={{ listStyle: "none", padding: 0 }}>
      {STAGES.map((stage, i) => {
        const s = report.stages.find((r) => r.stage === stage.key);
        if (!s) return null;
        return (
          <li key={stage.key} className={`step ${s.status === "pass" ? "done" : ""} ${report.openStage === stage.key ? "current" : ""}`} data-stage={stage.key} data-status={s.status}>
            <div className="n">Stage {i + 1}</div>
            <div>{stage.tabs.length > 0 ? <Link href={stageHref(familyId, stage.key)}>{stage.label}</Link> : stage.label}</div>
            <div className="muted">{s.status === "pass" ? "gate green" : s.locked ? "locked" : s.status === "fail" ? "gate red" : "in progress"}</div>
          </li>
        );
      })}
    </ol>
  );
}
