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

const POOL = new Set(NEUTRAL_SENTENCES);
/** The words of the filler written before sentences were kept whole (it cycled one sentence and cut it). */
const LEGACY_WORDS = new Set("thanks for looking at this nothing new to add here so please carry on as planned whenever you are ready".split(" "));

/** Text the padding wrote itself (any version of it), as opposed to a curator's neutral turn. */
export function isGeneratedFiller(text: string): boolean {
  const sentences = sentencesOf(text);
  if (sentences.length === 0) return true;
  if (sentences.every((s) => POOL.has(s) || /^Status note \d+ has nothing new\.$/u.test(s) || /^Noted\d+\.$/u.test(s))) return true;
  const words = text.toLowerCase().replace(/[^a-z\s]/g, " ").split(/\s+/u).filter(Boolean);
  return words.length > 0 && words.every((w) => LEGACY_WORDS.has(w));
}

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
 * cancellation has more turns, else appended to the last neutral turn. Turns
 * that are only filler the padding wrote itself are not the curator's: they are
 * written anew.
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
  // The curator's own neutral turns stay where they are; filler the padding wrote is written anew.
  const slots: (string | null)[] = Array.from({ length: neutralTurns }, (_, i) => {
    const turn = current?.turns[i + 1];
    return turn && isNeutral(turn) && !isGeneratedFiller(turn.text) ? turn.text.trim() : null;
  });
  const kept = slots.filter((text): text is string => text !== null);
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
  const texts = [...slots];
  if (newTurns === 0) {
    if (padding > 0) texts[texts.length - 1] = `${texts[texts.length - 1]} ${neutralText(padding, used)}`;
  } else {
    const base = Math.floor(padding / newTurns);
    const extra = padding % newTurns;
    let n = 0;
    for (let i = 0; i < texts.length; i++) {
      if (texts[i] !== null) continue;
      texts[i] = neutralText(base + (n < extra ? 1 : 0), used);
      n++;
    }
  }
  const turns: TTurn[] = [structuredClone(first), ...texts.map((text) => neutralTurn(text!))];
  return { ok: true, value: { condition: "length_matched", turns } };
}
