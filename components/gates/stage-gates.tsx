import type { TStageReport } from "@/lib/gates/types";
import Link from "next/link";
import { GateList } from "@/components/ui/gate-list";
import { StatusChip } from "@/components/ui/status-chip";
import { fixLinkOf } from "./fix-links";

/** One stage's gates with their evidence and what is missing. */
export function StageGates({ stage, familyId }: { stage: TStageReport; familyId?: string }) {
  return (
    <section className="panel" data-stage-gates={stage.stage} aria-label={`${stage.title} gates`}>
      <h2 className="mt0">
        {stage.title} <StatusChip status={stage.status} />
        {stage.locked && <span className="muted"> · locked</span>}
      </h2>
      {stage.missing && <p className="muted">{stage.missing}</p>}
      <GateList gates={stage.gates} evidence="details" action={familyId ? (gate) => {
        if (gate.status === "pass") return null;
        const fix = fixLinkOf(familyId, stage.stage, gate.key);
        return <Link href={fix.href} data-fix-link>Fix on {fix.label} →</Link>;
      } : undefined} />
    </section>
  );
}
