// Pure: "assign the whole family". Each revision still short of two reviewers gets the
// eligible reviewers with the fewest open assignments (load counted as it grows, so a
// family's revisions spread over the pool); ties go to the lower id for a stable answer.

export type TBalanceRevision = { revisionId: string; assigned: string[]; excluded: string[] };
export type TBalanceReviewer = { id: string; open: number };
export type TBalancePick = { revisionId: string; reviewerId: string };

export function balanceAssignments(revisions: readonly TBalanceRevision[], reviewers: readonly TBalanceReviewer[], perRevision = 2) {
  const load = new Map(reviewers.map((r) => [r.id, r.open]));
  const picks: TBalancePick[] = [];
  const short: { revisionId: string; missing: number }[] = [];
  for (const revision of revisions) {
    const taken = new Set([...revision.assigned, ...revision.excluded]);
    let need = perRevision - revision.assigned.length;
    while (need > 0) {
      const next = [...load.entries()].filter(([id]) => !taken.has(id)).sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))[0];
      if (!next) break;
      picks.push({ revisionId: revision.revisionId, reviewerId: next[0] });
      load.set(next[0], next[1] + 1);
      taken.add(next[0]);
      need--;
    }
    if (need > 0) short.push({ revisionId: revision.revisionId, missing: need });
  }
  return { picks, short };
}
