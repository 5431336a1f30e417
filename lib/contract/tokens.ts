// Pure: token counts of a history's visible text.
import type { TTurn } from "./types";

/**
 * Whitespace-token count: the one count shown anywhere in the studio and the one
 * length_matched must equal. A proxy, not any provider's tokenizer.
 */
export function countTokens(text: string): number {
  const trimmed = text.trim();
  return trimmed === "" ? 0 : trimmed.split(/\s+/u).length;
}

export function historyTokenCount(history: { readonly turns: readonly Pick<TTurn, "text">[] }): number {
  let total = 0;
  for (const turn of history.turns) total += countTokens(turn.text);
  return total;
}

/** Wording with case, punctuation and spacing removed; two texts with the same wording are not paraphrases. */
export function wordingOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .trim()
    .replace(/\s+/gu, " ");
}
