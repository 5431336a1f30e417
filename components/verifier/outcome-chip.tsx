"use client";
import { discriminates, passesOnBoth, type TCollectedOutcome } from "@/lib/probes/outcomes";

/**
 * A collected id's outcome on the base and with gold, as collection stored it: the
 * curator sees at once whether a test can single out an atom (fails on base, passes
 * with gold) or is a guard (passes on both).
 */
export function OutcomeChip({ outcome }: { outcome: TCollectedOutcome | undefined }) {
  if (!outcome) return <span className="chip" title="The last collect run recorded no outcome for this id">no outcome</span>;
  const cls = discriminates(outcome) ? "status-pass" : passesOnBoth(outcome) ? "status-pending" : "status-fail";
  const title = discriminates(outcome)
    ? "Fails on the base, passes with gold: can be an atom's probe"
    : passesOnBoth(outcome) ? "Passes on the base and with gold: a guard test, it cannot tell gold from the base" : "Does not pass with gold";
  return <span className={`chip ${cls}`} title={title} data-outcome={`${outcome.base ?? "?"}/${outcome.gold}`}>base {outcome.base ?? "?"} · gold {outcome.gold}</span>;
}
