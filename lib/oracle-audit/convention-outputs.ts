// Pure: outputs that break the case convention a history names for them. A history that says a function converts
// to snake_case or kebab-case tells a reader to write lower-case words joined by `_` or `-`; an expected value with
// those separators and upper-case letters (`API_Response`) is another output than the one the history implies.
import type { TVerdict } from "./tree-index";
import type { TDependency } from "./types";
import { excerptOf, statesLiteral } from "./words";

/**
 * Lower-case conventions by their separator, as prose names them (`snake_case`, `kebab case`, `kebab-case`); a
 * function's name (`kebabCase`) names no convention for its neighbour's output.
 */
const CONVENTIONS: { separator: string; name: RegExp }[] = [
  { separator: "_", name: /\bsnake(?:_| |-)case\b/i },
  { separator: "-", name: /\bkebab(?:_| |-)case\b/i },
];

/** A convention with upper-case letters, named anywhere in the history (Train-Case, title case, SCREAMING_SNAKE). */
const UPPER_CONVENTION = /\btrain[- _]?case\b|\btitle[- ]case\b|\bheader[- ]case\b|\bpascal[- _]?case\b|\bscreaming|\bupper[- _]?case\b|\bcapitali[sz]/i;

/** The history says the conversion keeps the letters' case ("the letters keep their case", "case is preserved"). */
const KEEPS_CASE = /\bkeep(?:s|ing)?\s+(?:their|its|the)\s+(?:letters'?\s+)?case\b|\bcase\s+(?:is\s+|are\s+)?(?:kept|preserved|unchanged|untouched)\b|\bpreserv\w*\s+(?:the\s+)?(?:letters'?\s+)?case\b|\bcase[- ]preserving\b/i;

/**
 * An expected value made of words joined by a convention's separator (`API_Response`, `_item_ID`, `_API-Response_`: the
 * edges may keep underscores), with both upper-
 * and lower-case letters, where the history names that lower-case convention for the output and never says the case
 * is kept: the history implies `api_response`, so the value is gold's. Specified when the history states it; hidden
 * otherwise. Null when the value follows no such convention, or the history names none or says the case is kept.
 * Prompted by humps-kebab-case (held-out 21, analyzer 34).
 */
export function outputAgainstNamedCase(dep: TDependency, text: string): TVerdict | null {
  if (dep.match !== "exact" || dep.via !== "assert" || !/[A-Z]/.test(dep.value) || !/[a-z]/.test(dep.value)) return null;
  const convention = CONVENTIONS.find((c) => new RegExp(`^[-_]*[A-Za-z0-9]+(?:${c.separator}+[A-Za-z0-9]+)+[-_]*$`).test(dep.value));
  if (!convention || KEEPS_CASE.test(text) || UPPER_CONVENTION.test(text)) return null;
  const named = convention.name.exec(text);
  if (!named) return null;
  const evidence = { gold: null, producer: null, definedAt: null };
  if (statesLiteral(text, dep.value, "exact")) return { category: "specified", reason: "the history states the literal", ...evidence, history: excerptOf(text, [dep.value]) };
  return { category: "hidden", reason: `the history names ${named[0]} for this output, which is lower case, and never says the letters keep their case: it implies ${JSON.stringify(dep.value.toLowerCase())}`, ...evidence, history: excerptOf(text, [named[0]]) };
}
