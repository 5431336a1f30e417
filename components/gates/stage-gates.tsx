import type { TStageReport } from "@/lib/gates/types";
import { GateList } from "@/components/ui/gate-list";
import { StatusChip } from "@/components/ui/status-chip";

/** One stage's gates with their evidence and what is missing. */
export function StageGates({ stage }: { stage: TStageReport }) {
  return (
    <section className="panel" data-stage-gates={stage.stage} aria-label={`${stage.title} gates`}>
      <h2 className="mt0">
        {stage.title} <StatusChip status={stage.status} />
        {stage.locked && <span className="muted"> · locked</span>}
      </h2>
      {stage.missing && <p className="muted">{stage.missing}</p>}
      <GateList gates={stage.gates} evidence="details" />
    </section>
  );
}
