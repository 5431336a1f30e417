// Pure: the gates of stage 5, the independent audit (reviews).
import { goldFinalSet } from "../review/agreement";
import { findings, listOf, settle } from "./gate";
import type { TFamilyFacts, TGate } from "./types";

/**
 * Stage 5, the blind two-reviewer audit: every current revision of every history
 * has two submitted reviews by two distinct reviewers, neither a curator of the
 * family; both final sets equal the gold final set (or a standing accept decision
 * covers the difference); no unresolved ambiguity. Each failing history is named.
 */
export function reviewsGate(facts: TFamilyFacts): TGate {
  const f = findings();
  const byRevision = new Map((facts.reviews ?? []).map((r) => [r.revisionId, r]));
  if (facts.histories.length === 0) f.waits.push("No history exists yet.");
  if (!facts.reviews) f.waits.push("Review facts are not loaded.");
  let green = 0;
  for (const history of facts.histories) {
    const name = history.condition;
    const rev = byRevision.get(history.revisionId);
    if (!rev) continue;
    const label = `${name} (revision ${rev.number})`;
    if (rev.status === "draft") {
      f.waits.push(`${label} is a draft; a curator sends it to review.`);
      continue;
    }
    const submitted = rev.reviews.filter((r) => r.submitted);
    const curating = submitted.filter((r) => r.reviewerIsCurator);
    for (const r of curating) f.failures.push(`${label}: ${r.reviewerName} curates this family; their review does not count.`);
    const counted = submitted.filter((r) => !r.reviewerIsCurator);
    const distinct = new Set(counted.map((r) => r.reviewerId));
    if (distinct.size < 2) {
      const open = rev.reviews.filter((r) => !r.submitted).length;
      f.waits.push(`${label} has ${distinct.size} of 2 submitted reviews${open ? ` (${open} in progress)` : rev.reviews.length < 2 ? " (assign reviewers)" : ""}.`);
      continue;
    }
    const gold = goldFinalSet(history.turns);
    const accepted = new Set(rev.acceptedReviewIds);
    let ok = true;
    for (const r of counted) {
      const own = new Set(r.finalSet);
      const missing = gold.filter((k) => !own.has(k));
      const extra = r.finalSet.filter((k) => !gold.includes(k));
      if ((missing.length || extra.length) && !accepted.has(r.reviewId)) {
        ok = false;
        const parts = [missing.length ? `misses ${listOf(missing)}` : "", extra.length ? `adds ${listOf(extra)}` : ""].filter(Boolean).join(" and ");
        f.failures.push(`${label}: ${r.reviewerName}'s final set ${parts}; the lead accepts with a rationale or orders a revision.`);
      }
      if (r.ambiguous && !accepted.has(r.reviewId)) {
        ok = false;
        f.failures.push(`${label}: ${r.reviewerName} flagged the history ambiguous; unresolved until the lead decides.`);
      }
    }
    if (ok && curating.length === 0) green++;
  }
  f.evidence.push({ label: "histories", detail: `${green}/${facts.histories.length} current revisions reviewed twice, blind, matching gold` });
  return settle("audit", "reviews", "Two independent blind reviews per history match the gold final set", f);
}

/** The gates of stage 5, in order. The specification–oracle audit adds its own (lib/gates/oracle-audit.ts). */
export const AUDIT_GATES: ((facts: TFamilyFacts) => TGate)[] = [reviewsGate];

export function auditGates(facts: TFamilyFacts): TGate[] {
  return AUDIT_GATES.map((gate) => gate(facts));
}
