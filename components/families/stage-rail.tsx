import { STAGES } from "@/lib/families/stages";

/** The six stages as a progress rail; stages before the current one are done. */
export function StageRail({ stage }: { stage: string }) {
  const current = stage === "frozen" ? STAGES.length : STAGES.findIndex((s) => s.key === stage);
  return (
    <ol className="rail" aria-label="Stages" style={{ listStyle: "none", padding: 0 }}>
      {STAGES.map((s, i) => (
        <li key={s.key} className={`step ${i < current ? "done" : ""} ${i === current ? "current" : ""}`} data-stage={s.key}>
          <div className="n">Stage {i + 1}</div>
          <div>{s.label}</div>
          <div className="muted">{i < current ? "gate green" : i === current ? "in progress" : "locked"}</div>
        </li>
      ))}
    </ol>
  );
}
