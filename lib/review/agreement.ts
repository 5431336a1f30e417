// Pure: agreement between two blind reviews of a history revision and the gold trace,
import { TURN_OPERATION_KINDS, type TTurnOperationKind } from "@/lib/contract/types";
// and its roll-up per family and per suite (method, stage 5). No I/O.

/** One turn of a reviewer's encoding, in atom keys (the server maps the reviewer's labels). */
export type TTurnOperations = { turn: number; activated: string[]; deactivated: string[]; restated: string[] };

export type TReviewForAgreement = {
  reviewId: string;
  reviewerId: string;
  operations: TTurnOperations[];
  finalSet: string[];
  freeText: string[];
  ambiguous: boolean;
  ambiguityNote: string | null;
};

export type TRevisionForAgreement = {
  revisionId: string;
  /** A label for people (the lead sees the condition; never a reviewer). */
  label: string;
  /** Accepted catalog entries the reviewers decided in/out of the final set. */
  catalogKeys: string[];
  /** The hidden trace: events per turn. */
  trace: { activated: string[]; deactivated: string[]; restated: string[] }[];
  /** Submitted reviews, in submission order. */
  reviews: TReviewForAgreement[];
  /** Reviews whose difference from gold a standing lead decision accepted, with a rationale. */
  acceptedReviewIds: string[];
};

export type TOperation = { turn: number; kind: TTurnOperationKind; key: string };

export type TReviewVsGold = { reviewId: string; reviewerId: string; matches: boolean; missing: string[]; extra: string[] };

export type TOperationAgreement = TOperation & { byA: boolean; byB: boolean; agreed: boolean };

export type TRevisionAgreement = {
  revisionId: string;
  label: string;
  gold: string[];
  /** Fewer than two submitted reviews: nothing to compare yet. */
  complete: boolean;
  vsGold: TReviewVsGold[];
  bothMatchGold: boolean;
  finalSetsAgree: boolean;
  operations: TOperationAgreement[];
  operationsAgreed: number;
  freeText: { reviewId: string; items: string[] }[];
  ambiguous: { reviewId: string; note: string | null }[];
  /** Ambiguity flags no standing accept decision resolved. */
  unresolvedAmbiguities: number;
  /** Needs the lead: a reviewer missed or added an atom, or flagged ambiguity, and no accept covers it. */
  needsAdjudication: boolean;
  /** (catalog entry, A in, B in) decisions for κ. */
  decisions: [boolean, boolean][];
};

export type TKappa = { n: number; observed: number; expected: number; kappa: number | null; low: number | null; high: number | null };

export type TAgreementSummary = {
  histories: number;
  bothMatchGold: number;
  operations: number;
  operationsAgreed: number;
  unresolvedAmbiguities: number;
  kappa: TKappa;
};

const sorted = (keys: Iterable<string>) => [...new Set(keys)].sort((a, b) => a.localeCompare(b, "en", { numeric: true }));

/** M_T by equation (2): M_0 = ∅, M_t = (M_{t-1} \ D_t) ∪ A_t; restatements change nothing. */
export function goldFinalSet(trace: TRevisionForAgreement["trace"]): string[] {
  const active = new Set<string>();
  for (const turn of trace) {
    for (const key of turn.deactivated) active.delete(key);
    for (const key of turn.activated) active.add(key);
  }
  return sorted(active);
}

export function compareToGold(review: TReviewForAgreement, gold: readonly string[]): TReviewVsGold {
  const own = new Set(review.finalSet);
  const goldSet = new Set(gold);
  const missing = sorted(gold.filter((k) => !own.has(k)));
  const extra = sorted(review.finalSet.filter((k) => !goldSet.has(k)));
  return { reviewId: review.reviewId, reviewerId: review.reviewerId, matches: missing.length === 0 && extra.length === 0, missing, extra };
}

export function operationsOf(review: TReviewForAgreement): TOperation[] {
  const ops: TOperation[] = [];
  for (const t of review.operations) {
    for (const kind of TURN_OPERATION_KINDS) {
      for (const key of new Set(t[kind])) ops.push({ turn: t.turn, kind, key });
    }
  }
  return ops;
}

const opId = (op: TOperation) => `${op.turn}\u0000${op.kind}\u0000${op.key}`;

/** Every operation either reviewer encoded, turn by turn; agreed when both encoded it. */
export function compareOperations(a: TReviewForAgreement, b: TReviewForAgreement): TOperationAgreement[] {
  const inA = new Map(operationsOf(a).map((op) => [opId(op), op]));
  const inB = new Map(operationsOf(b).map((op) => [opId(op), op]));
  const all = new Map([...inA, ...inB]);
  return [...all.entries()]
    .map(([id, op]) => ({ ...op, byA: inA.has(id), byB: inB.has(id), agreed: inA.has(id) && inB.has(id) }))
    .sort((x, y) => x.turn - y.turn || x.kind.localeCompare(y.kind) || x.key.localeCompare(y.key, "en", { numeric: true }));
}

export function revisionAgreement(revision: TRevisionForAgreement): TRevisionAgreement {
  const gold = goldFinalSet(revision.trace);
  const [a, b] = pickPair(revision.reviews);
  const vsGold = revision.reviews.map((r) => compareToGold(r, gold));
  const accepted = new Set(revision.acceptedReviewIds);
  const complete = a !== undefined && b !== undefined;
  const operations = complete ? compareOperations(a, b) : [];
  const ambiguous = revision.reviews.filter((r) => r.ambiguous).map((r) => ({ reviewId: r.reviewId, note: r.ambiguityNote }));
  const unresolvedAmbiguities = ambiguous.filter((x) => !accepted.has(x.reviewId)).length;
  const pair = complete ? [a, b] : [];
  const bothMatchGold = complete && pair.every((r) => compareToGold(r, gold).matches);
  const finalSetsAgree = complete && sorted(a.finalSet).join(",") === sorted(b.finalSet).join(",");
  const keys = sorted([...revision.catalogKeys, ...gold]);
  const decisions: [boolean, boolean][] = complete ? keys.map((k) => [a.finalSet.includes(k), b.finalSet.includes(k)]) : [];
  const unexplained = vsGold.some((v) => !v.matches && !accepted.has(v.reviewId));
  return {
    revisionId: revision.revisionId,
    label: revision.label,
    gold,
    complete,
    vsGold,
    bothMatchGold,
    finalSetsAgree,
    operations,
    operationsAgreed: operations.filter((o) => o.agreed).length,
    freeText: revision.reviews.filter((r) => r.freeText.length > 0).map((r) => ({ reviewId: r.reviewId, items: r.freeText })),
    ambiguous,
    unresolvedAmbiguities,
    needsAdjudication: unexplained || unresolvedAmbiguities > 0,
    decisions,
  };
}

/** The first two submitted reviews by distinct reviewers are reviewer A and reviewer B. */
export function pickPair(reviews: readonly TReviewForAgreement[]): [TReviewForAgreement?, TReviewForAgreement?] {
  const a = reviews[0];
  const b = reviews.find((r) => a && r.reviewerId !== a.reviewerId);
  return [a, b];
}

/**
 * Cohen's κ over paired binary decisions (entry in / out of the final set).
 * 95% CI: the large-sample (Wald) interval κ ± 1.96·SE with Cohen's (1960)
 * standard error SE = √(p_o(1 − p_o) / (n(1 − p_e)²)), clipped to [−1, 1].
 * κ is undefined (null) when p_e = 1, i.e. both raters used one category only.
 */
export function cohensKappa(decisions: readonly (readonly [boolean, boolean])[]): TKappa {
  const n = decisions.length;
  if (n === 0) return { n, observed: 0, expected: 0, kappa: null, low: null, high: null };
  let agree = 0;
  let aIn = 0;
  let bIn = 0;
  for (const [a, b] of decisions) {
    if (a === b) agree++;
    if (a) aIn++;
    if (b) bIn++;
  }
  const observed = agree / n;
  const pa = aIn / n;
  const pb = bIn / n;
  const expected = pa * pb + (1 - pa) * (1 - pb);
  if (expected >= 1) return { n, observed, expected, kappa: null, low: null, high: null };
  const kappa = (observed - expected) / (1 - expected);
  const se = Math.sqrt((observed * (1 - observed)) / (n * (1 - expected) ** 2));
  const clip = (x: number) => Math.max(-1, Math.min(1, x));
  return { n, observed, expected, kappa, low: clip(kappa - 1.96 * se), high: clip(kappa + 1.96 * se) };
}

export function summarize(revisions: readonly TRevisionAgreement[]): TAgreementSummary {
  const complete = revisions.filter((r) => r.complete);
  return {
    histories: complete.length,
    bothMatchGold: complete.filter((r) => r.bothMatchGold).length,
    operations: complete.reduce((n, r) => n + r.operations.length, 0),
    operationsAgreed: complete.reduce((n, r) => n + r.operationsAgreed, 0),
    unresolvedAmbiguities: revisions.reduce((n, r) => n + r.unresolvedAmbiguities, 0),
    kappa: cohensKappa(complete.flatMap((r) => r.decisions)),
  };
}

/** The method's sentence (stage 5), from live counts. */
export function suiteSentence(s: TAgreementSummary): string {
  const amb = s.unresolvedAmbiguities === 0 ? "no unresolved ambiguity" : `${s.unresolvedAmbiguities} unresolved ${s.unresolvedAmbiguities === 1 ? "ambiguity" : "ambiguities"}`;
  return `Both reviewers exactly match the gold final set on ${s.bothMatchGold}/${s.histories} histories, agree on ${s.operationsAgreed}/${s.operations} encoded operations, and report ${amb}.`;
}
