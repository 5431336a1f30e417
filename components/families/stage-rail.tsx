import type { TGateReport } from "@/lib/gates/types";

/** The six stages as a progress rail, coloured by their computed gates. */
export function StageRail({ report }: { report: TGateReport }) {
  return (
    <ol className="rail" aria-label="Stages" style={{ listStyle: "none", padding: 0 }}>
      {report.stages.map((s, i) => (
        <li key={s.stage} className={`step ${s.status === "pass" ? "done" : ""} ${report.openStage === s.stage ? "current" : ""}`} data-stage={s.stage} data-status={s.status}>
          <div className="n">Stage {i + 1}</div>
          <div>{s.title}</div>
          <div className="muted">{s.status === "pass" ? "gate green" : s.locked ? "locked" : s.status === "fail" ? "gate red" : "in progress"}</div>
        </li>
      ))}
    </ol>
  );
}
