// Pure: stage 5 (independent audit), reviews part. A stand-in with the audit issue's rule, so a
// family can reach freeze; that module replaces this file.
import type { TFamilyContext } from "./context";
import { findings, listOf, settle } from "./gate";
import type { TGate } from "./types";

function goldFinalSet(turns: readonly { activated: readonly string[]; deactivated: readonly string[] }[]): string[] {
  const active = new Set<string>();
  for (const turn of turns) {
    for (const key of turn.deactivated) active.delete(key);
    for (const key of turn.activated) active.add(key);
  }
  return [...active].sort();
}

export function auditGates(ctx: TFamilyContext): TGate[] {
  const f = findings();
  const audit = ctx.facts.audit;
  if (!audit) {
    f.waits.push("Audit facts (reviews, adjudications, specification–oracle findings) are not reported yet.");
    return [settle("audit", "reviews", "Two independent blind reviews per history match the gold final set", f)];
  }
  const curators = new Set(audit.curatorIds);
  let complete = 0;
  for (const history of ctx.facts.histories) {
    const reviews = audit.reviews.filter((r) => r.revisionId === history.revisionId && !curators.has(r.reviewerId));
    const reviewers = new Set(reviews.map((r) => r.reviewerId));
    if (reviewers.size < 2) {
      f.waits.push(`${history.condition} has ${reviewers.size} of 2 independent submitted reviews.`);
      continue;
    }
    // Gold: the active set after replaying this history's hidden trace.
    const gold = goldFinalSet(history.turns);
    const wrong = reviews.filter((r) => [...new Set(r.finalSet)].sort().join(",") !== gold.join(","));
    for (const r of wrong) f.failures.push(`A review of ${history.condition} ends at {${listOf([...r.finalSet].sort())}}, not the gold {${listOf(gold)}}.`);
    if (reviews.some((r) => r.ambiguous)) f.failures.push(`A review of ${history.condition} flags an unresolved ambiguity.`);
    if (wrong.length === 0 && !reviews.some((r) => r.ambiguous)) complete += 1;
  }
  f.evidence.push({ label: "histories agreeing with gold", detail: `${complete} of ${ctx.facts.histories.length}` });
  if (ctx.facts.histories.length === 0) f.waits.push("No history has been written yet.");
  return [settle("audit", "reviews", "Two independent blind reviews per history match the gold final set", f)];
}
