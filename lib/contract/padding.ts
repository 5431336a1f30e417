import { countTokens, historyTokenCount } from "./tokens";
import { contractError, type THistory, type TResult, type TTurn } from "./types";

/** Neutral prose cycled to any length: no requirement, no event, no hint about the contract. */
const NEUTRAL_WORDS =
  "Thanks for looking at this. Nothing new to add here, so please carry on as planned whenever you are ready.".split(" ");

/** A neutral turn text of exactly `tokens` whitespace tokens. */
export function neutralText(tokens: number): string {
  const words: string[] = [];
  for (let i = 0; i < tokens; i++) words.push(NEUTRAL_WORDS[i % NEUTRAL_WORDS.length]!);
  const last = words.length - 1;
  if (last >= 0 && !/[.!?]$/u.test(words[last]!)) words[last] = `${words[last]!.replace(/[,;:]$/u, "")}.`;
  return words.join(" ");
}

const neutralTurn = (tokens: number): TTurn => ({ text: neutralText(tokens), activated: [], deactivated: [], restated: [] });

/**
 * length_matched = the direct turn followed by neutral turns, padded so turn
 * count and whitespace-token count equal cancellation's exactly. Recompute it
 * whenever the curator changes the direct or cancellation text.
 */
export function deriveLengthMatched(direct: THistory, cancellation: THistory): TResult<THistory> {
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
  const directTokens = countTokens(first.text);
  const targetTokens = historyTokenCount(cancellation);
  const padding = targetTokens - directTokens;
  if (padding < neutralTurns) {
    const short = neutralTurns - padding;
    return {
      ok: false,
      errors: [
        contractError(
          "padding_unreachable",
          1,
          null,
          `The direct turn has ${directTokens} whitespace tokens and cancellation ${targetTokens}; ${neutralTurns} neutral turn(s) need at least one token each, so shorten the direct text by ${short} token(s) or lengthen cancellation.`,
        ),
      ],
    };
  }
  const base = Math.floor(padding / neutralTurns);
  const extra = padding % neutralTurns;
  const turns: TTurn[] = [structuredClone(first)];
  for (let i = 0; i < neutralTurns; i++) turns.push(neutralTurn(base + (i < extra ? 1 : 0)));
  return { ok: true, value: { condition: "length_matched", turns } };
}
