// Pure: the seven history conditions and the structure each one demands.
import { sortAtomKeys, type TCatalogIndex } from "./catalog";
import type { TReplay } from "./replay";
import { historyTokenCount, wordingOf } from "./tokens";
import { contractError, type TContractError, type TContractErrorCode, type THistory, type TTurn } from "./types";

/** What every condition rule sees: the history, its valid replay, the catalog, and where to report. */
export type TConditionContext = {
  history: THistory;
  replay: TReplay;
  index: TCatalogIndex;
  errors: TContractError[];
};

const report = (ctx: TConditionContext, code: TContractErrorCode, turn: number | null, atomKey: string | null, message: string) =>
  ctx.errors.push(contractError(code, turn, atomKey, message));

const turnAt = (ctx: TConditionContext, t: number): TTurn => ctx.history.turns[t - 1]!;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function exactTurns(ctx: TConditionContext, expected: number) {
  const n = ctx.history.turns.length;
  if (n !== expected) {
    report(ctx, "turn_count", null, null, `${ctx.history.condition} has exactly ${plural(expected, "turn")}; this history has ${n}.`);
  }
}

function minTurns(ctx: TConditionContext, minimum: number, why: string) {
  const n = ctx.history.turns.length;
  if (n < minimum) report(ctx, "turn_count", null, null, `${ctx.history.condition} needs at least ${plural(minimum, "turn")} (${why}); this history has ${n}.`);
}

/** The direct turn: activates all of M* (and P where P is stated), nothing temporary, no other events. */
function directTurn(ctx: TConditionContext, t: number) {
  const turn = turnAt(ctx, t);
  for (const key of ctx.index.final) {
    if (!turn.activated.includes(key)) report(ctx, "missing_final", t, key, `Turn ${t} must activate every final atom; ${key} is missing.`);
  }
  for (const key of turn.activated) {
    if (ctx.index.temporary.has(key)) {
      report(ctx, "unexpected_activation", t, key, `Turn ${t} activates ${key}, a temporary atom; the ${ctx.history.condition} turn states only the final contract.`);
    }
  }
  noDeactivations(ctx, t, `the ${ctx.history.condition} turn deactivates nothing`);
  noRestatements(ctx, t, `the ${ctx.history.condition} turn restates nothing`);
}

function noDeactivations(ctx: TConditionContext, t: number, why: string) {
  for (const key of turnAt(ctx, t).deactivated) report(ctx, "unexpected_deactivation", t, key, `Turn ${t} deactivates ${key}, but ${why}.`);
}

function noRestatements(ctx: TConditionContext, t: number, why: string) {
  for (const key of turnAt(ctx, t).restated) report(ctx, "unexpected_restatement", t, key, `Turn ${t} restates ${key}, but ${why}.`);
}

function everyFinalActiveAtEnd(ctx: TConditionContext) {
  const end = new Set(ctx.replay.final);
  for (const key of ctx.index.final) {
    if (!end.has(key)) report(ctx, "missing_final", null, key, `Final atom ${key} is not active after the last turn.`);
  }
}

function temporariesWithdrawn(ctx: TConditionContext) {
  for (const span of ctx.replay.spans) {
    if (span.to === null && ctx.index.temporary.has(span.atomKey)) {
      report(ctx, "temporary_left_active", span.from, span.atomKey, `Temporary atom ${span.atomKey}, activated in turn ${span.from}, is never deactivated.`);
    }
  }
}

function eachTurn(ctx: TConditionContext, from: number, visit: (turn: TTurn, t: number) => void) {
  for (let t = from; t <= ctx.history.turns.length; t++) visit(turnAt(ctx, t), t);
}

export function checkDirect(ctx: TConditionContext) {
  exactTurns(ctx, 1);
  directTurn(ctx, 1);
}

export function checkDuplicate(ctx: TConditionContext) {
  minTurns(ctx, 2, "the direct turn, then restatements");
  directTurn(ctx, 1);
  eachTurn(ctx, 2, (turn, t) => {
    for (const key of turn.activated) report(ctx, "unexpected_activation", t, key, `Turn ${t} activates ${key}, but duplicate's later turns only restate active atoms.`);
    noDeactivations(ctx, t, "duplicate's later turns only restate active atoms");
    if (turn.restated.length === 0) report(ctx, "no_restatement", t, null, `Turn ${t} restates nothing; every later turn of duplicate restates active atoms.`);
  });
}

export function checkSplit(ctx: TConditionContext) {
  const last = ctx.history.turns.length;
  const earlier = new Set<string>();
  let finalTurns = 0;
  eachTurn(ctx, 1, (turn, t) => {
    noDeactivations(ctx, t, "split only activates");
    if (turn.activated.length === 0) report(ctx, "no_activation", t, null, `Turn ${t} activates nothing; every split turn states part of the contract.`);
    let hasFinal = false;
    for (const key of turn.activated) {
      if (ctx.index.temporary.has(key)) report(ctx, "unexpected_activation", t, key, `Turn ${t} activates ${key}, a temporary atom; split states only the final contract.`);
      if (ctx.index.final.has(key)) {
        hasFinal = true;
        if (t < last) earlier.add(key);
      }
    }
    if (hasFinal) finalTurns++;
  });
  if (finalTurns < 2) report(ctx, "not_split", null, null, `Split activates the final atoms across two or more turns; here ${plural(finalTurns, "turn")} activates final atoms.`);
  everyFinalActiveAtEnd(ctx);
  if (earlier.size > 0) {
    const lastTurn = turnAt(ctx, last);
    const unrepeated = [...earlier].filter((k) => !lastTurn.restated.includes(k) && !lastTurn.activated.includes(k));
    if (unrepeated.length === 0) {
      report(ctx, "all_repeated_at_end", last, null, `The last turn repeats every earlier atom (${sortAtomKeys(earlier).join(", ")}); at least one must stay active without being repeated.`);
    }
  }
}

/** override and cancellation share everything but what a withdrawing turn may activate. */
function checkWithdrawal(ctx: TConditionContext, withReplacement: boolean) {
  const condition = ctx.history.condition;
  let withdrawals = 0;
  eachTurn(ctx, 1, (turn, t) => {
    noRestatements(ctx, t, `${condition} restates nothing`);
    if (turn.deactivated.length === 0) return;
    for (const key of turn.deactivated) {
      if (ctx.index.final.has(key)) report(ctx, "unexpected_deactivation", t, key, `Turn ${t} deactivates ${key}, a final atom; ${condition} withdraws only temporary atoms.`);
    }
    const withdrawsTemporary = turn.deactivated.some((k) => ctx.index.temporary.has(k));
    if (withReplacement) {
      const replacements = turn.activated.filter((k) => ctx.index.final.has(k));
      if (replacements.length === 0) {
        report(ctx, "no_replacement", t, null, `Turn ${t} deactivates ${turn.deactivated.join(", ")} without activating a final atom to replace it (that is a cancellation).`);
      } else if (withdrawsTemporary) withdrawals++;
    } else {
      for (const key of turn.activated) {
        report(ctx, "unexpected_activation", t, key, `Turn ${t} withdraws ${turn.deactivated.join(", ")} and also activates ${key}; a cancellation has no replacement.`);
      }
      if (turn.activated.length === 0 && withdrawsTemporary) withdrawals++;
    }
  });
  if (withdrawals === 0) {
    if (withReplacement) report(ctx, "no_override", null, null, "Override needs a turn that deactivates an earlier temporary atom and activates its replacement(s).");
    else report(ctx, "no_cancellation", null, null, "Cancellation needs a turn that deactivates an earlier temporary atom with no replacement.");
  }
  temporariesWithdrawn(ctx);
  everyFinalActiveAtEnd(ctx);
}

export function checkOverride(ctx: TConditionContext) {
  checkWithdrawal(ctx, true);
}

export function checkCancellation(ctx: TConditionContext) {
  checkWithdrawal(ctx, false);
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  sortAtomKeys(new Set(a)).join(",") === sortAtomKeys(new Set(b)).join(",");

/** How a paraphrase departs from direct: its events must match, its wording must not. */
/**
 * The paraphrase control must differ from direct in wording by a measured amount
 * (issue 12 item 6): the token-set (Jaccard) similarity of the two texts — the share
 * of distinct lower-cased words, punctuation removed, that both use — must stay
 * below this. A one-word change to a ten-word request scores about 0.8; the demo's
 * real rewording scores about 0.3. Identifiers and literals both texts must name
 * (getSecret, null) keep real paraphrases well above 0.
 */
export const PARAPHRASE_MAX_SIMILARITY = 0.7;

export function tokenSetSimilarity(a: string, b: string): number {
  const words = (text: string) => new Set(wordingOf(text).split(" ").filter(Boolean));
  const x = words(a);
  const y = words(b);
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

export function paraphraseDifferences(paraphrase: THistory, direct: THistory): TContractError[] {
  const errors: TContractError[] = [];
  const mine = paraphrase.turns[0];
  const theirs = direct.turns[0];
  if (mine && theirs) {
    for (const kind of ["activated", "deactivated", "restated"] as const) {
      if (!sameKeys(mine[kind], theirs[kind])) {
        errors.push(contractError("events_differ", 1, null, `Turn 1 has ${kind} [${mine[kind].join(", ")}] but direct has [${theirs[kind].join(", ")}]; a paraphrase keeps the same events.`));
      }
    }
  }
  const wording = (h: THistory) => wordingOf(h.turns.map((x) => x.text).join(" "));
  const text = (h: THistory) => h.turns.map((x) => x.text).join(" ");
  const similarity = tokenSetSimilarity(text(paraphrase), text(direct));
  if (wording(paraphrase) === wording(direct)) {
    errors.push(contractError("same_wording", 1, null, "The paraphrase has the same wording as direct (ignoring case and punctuation); rewrite it."));
  } else if (similarity >= PARAPHRASE_MAX_SIMILARITY) {
    errors.push(contractError(
      "same_wording", 1, null,
      `The paraphrase shares ${Math.round(similarity * 100)}% of its word set with direct (token-set similarity); a paraphrase stays below ${Math.round(PARAPHRASE_MAX_SIMILARITY * 100)}%, so reword more of it.`,
    ));
  }
  return errors;
}

/** How length_matched departs from cancellation in turn count and whitespace-token count. */
export function lengthDifferences(lengthMatched: THistory, cancellation: THistory): TContractError[] {
  const errors: TContractError[] = [];
  const turns = lengthMatched.turns.length;
  const target = cancellation.turns.length;
  if (turns !== target) errors.push(contractError("length_turns", null, null, `length_matched has ${plural(turns, "turn")}; cancellation has ${target}.`));
  const tokens = historyTokenCount(lengthMatched);
  const targetTokens = historyTokenCount(cancellation);
  if (tokens !== targetTokens) {
    const diff = tokens - targetTokens;
    errors.push(contractError("length_tokens", null, null, `length_matched has ${plural(tokens, "whitespace token")}; cancellation has ${targetTokens} (${Math.abs(diff)} too ${diff > 0 ? "many" : "few"}).`));
  }
  return errors;
}

export function checkParaphraseDirect(ctx: TConditionContext, direct: THistory | undefined) {
  exactTurns(ctx, 1);
  directTurn(ctx, 1);
  if (!direct || direct.turns.length === 0) {
    report(ctx, "missing_reference", null, null, "paraphrase_direct is compared with the direct history, which does not exist yet.");
    return;
  }
  ctx.errors.push(...paraphraseDifferences(ctx.history, direct));
}

export function checkLengthMatched(ctx: TConditionContext, cancellation: THistory | undefined) {
  minTurns(ctx, 2, "the direct turn, then neutral turns");
  directTurn(ctx, 1);
  eachTurn(ctx, 2, (turn, t) => {
    for (const key of [...turn.activated, ...turn.deactivated, ...turn.restated]) {
      report(ctx, "neutral_turn_has_events", t, key, `Turn ${t} carries an event on ${key}; after the direct turn, length_matched has only neutral turns.`);
    }
  });
  if (!cancellation) {
    report(ctx, "missing_reference", null, null, "length_matched is matched to the cancellation history, which does not exist yet.");
    return;
  }
  ctx.errors.push(...lengthDifferences(ctx.history, cancellation));
}
