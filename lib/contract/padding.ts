// Pure: length_matched padding — neutral filler made of whole, distinct sentences.
import { countTokens, historyTokenCount } from "./tokens";
import { contractError, type THistory, type TResult, type TTurn } from "./types";

/**
 * Neutral sentences: no requirement, no event, no hint about the contract. Every
 * length from 1 to 9 tokens is there several times, so any count can be met
 * with whole sentences and none is used twice in one history.
 */
const NEUTRAL_SENTENCES: readonly string[] = [
  "Thanks.", "Okay.", "Noted.", "Understood.", "Sure.", "Great.", "Fine.", "Alright.",
  "Thanks again.", "Sounds good.", "Got it.", "All clear.", "Makes sense.", "Fair enough.",
  "Thanks for this.", "That works fine.", "No rush here.", "Carry on then.", "Good to know.",
  "Thanks for looking at this.", "Nothing new from my side.", "Please carry on as planned.", "That is all for now.",
  "I have nothing else to add.", "Let me know when you are done.", "Take the time you need here.", "I will check back a bit later.",
  "Nothing has changed on my end since then.", "Please continue with what you were doing.", "I appreciate the careful work so far.",
  "There is no new information to share right now.", "Feel free to proceed whenever you are ready.", "I am just keeping this thread up to date.",
  "Everything else stays exactly as it was before this message.", "I only wanted to say that I am following along.",
  "Please keep going at whatever pace suits you best today.", "There is nothing in this note that changes the plan at all.",
];

/** Distinct sentences beyond the pool, for very long padding: still whole and never repeated. */
const numberedSentence = (n: number) => `Status note ${n} has nothing new.`;

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/u).map((s) => s.trim()).filter(Boolean);
}

/**
 * A neutral text of exactly `tokens` whitespace tokens: whole sentences, none of
 * them in `used` (the sentences chosen are added to it). Longest sentences first,
 * so short ones are left for the remainder.
 */
export function neutralText(tokens: number, used: Set<string> = new Set()): string {
  const chosen: string[] = [];
  let remaining = tokens;
  let numbered = 1;
  const take = (sentence: string) => {
    used.add(sentence);
    chosen.push(sentence);
    remaining -= countTokens(sentence);
  };
  const poolLeft = () => NEUTRAL_SENTENCES.filter((s) => !used.has(s)).reduce((sum, s) => sum + countTokens(s), 0);
  // Counts larger than the pool: numbered status notes first, the pool for the rest.
  while (remaining > poolLeft() / 2 && remaining > 12) {
    const sentence = numberedSentence(numbered++);
    if (!used.has(sentence)) take(sentence);
  }
  const pool = [...NEUTRAL_SENTENCES].sort((a, b) => countTokens(b) - countTokens(a));
  for (const sentence of pool) {
    if (remaining === 0) break;
    const length = countTokens(sentence);
    if (length <= remaining && !used.has(sentence)) take(sentence);
  }
  while (remaining > 0) {
    // Only when the short sentences are all used already: distinct one-word sentences.
    const word = `Noted${numbered++}.`;
    if (!used.has(word)) take(word);
  }
  return chosen.join(" ");
}

const neutralTurn = (text: string): TTurn => ({ text, activated: [], deactivated: [], restated: [] });
const isNeutral = (turn: TTurn) => turn.activated.length === 0 && turn.deactivated.length === 0 && turn.restated.length === 0;

/**
 * length_matched = the direct turn followed by neutral turns, padded so turn
 * count and whitespace-token count equal cancellation's exactly. Recompute it
 * whenever the curator changes the direct or cancellation text.
 *
 * Given the `current` length_matched, the curator's neutral turns are kept as
 * they are and only the missing tokens are added: to new turns when
 * cancellation has more turns, else appended to the last neutral turn.
 */
export function deriveLengthMatched(direct: THistory, cancellation: THistory, current?: THistory): TResult<THistory> {
  const first = direct.turns[0];
  if (!first) {
    return { ok: false, errors: [contractError("padding_unreachable", null, null, "The direct history has no turn to start length_matched with.")] };
  }
  const neutralTurns = cancellation.turns.length - 1;
  if (neutralTurns < 1) {
    return {
      ok: false,
      errors: [contractError("padding_unreachable", null, null, `Cancellation has ${cancellation.turns.length} turn(s); length_matched needs at least one neutral turn after the direct turn.`)],
    };
  }
  const kept = (current?.turns.slice(1, 1 + neutralTurns) ?? []).filter((turn) => isNeutral(turn) && turn.text.trim() !== "").map((turn) => turn.text.trim());
  const used = new Set<string>([...sentencesOf(first.text), ...kept.flatMap(sentencesOf)]);
  const directTokens = countTokens(first.text);
  const keptTokens = kept.reduce((sum, text) => sum + countTokens(text), 0);
  const targetTokens = historyTokenCount(cancellation);
  const newTurns = neutralTurns - kept.length;
  const padding = targetTokens - directTokens - keptTokens;
  if (padding < newTurns) {
    const short = newTurns - padding;
    const message =
      kept.length === 0
        ? `The direct turn has ${directTokens} whitespace tokens and cancellation ${targetTokens}; ${neutralTurns} neutral turn(s) need at least one token each, so shorten the direct text by ${short} token(s) or lengthen cancellation.`
        : `The direct turn (${directTokens} tokens) and your ${kept.length} neutral turn(s) (${keptTokens} tokens) already come to ${short} token(s) more than cancellation's ${targetTokens}${newTurns > 0 ? ` leaves for ${newTurns} more neutral turn(s)` : ""}: shorten a neutral turn or the direct text by ${short} token(s), or lengthen cancellation.`;
    return { ok: false, errors: [contractError("padding_unreachable", 1, null, message)] };
  }
  const turns: TTurn[] = [structuredClone(first), ...kept.map(neutralTurn)];
  if (newTurns === 0) {
    if (padding > 0) {
      const last = turns[turns.length - 1]!;
      last.text = `${last.text} ${neutralText(padding, used)}`;
    }
  } else {
    const base = Math.floor(padding / newTurns);
    const extra = padding % newTurns;
    for (let i = 0; i < newTurns; i++) turns.push(neutralTurn(neutralText(base + (i < extra ? 1 : 0), used)));
  }
  return { ok: true, value: { condition: "length_matched", turns } };
}
