// Pure: matching identifiers, paths and literals against a history's visible text,
// tolerant of code formatting (backticks, quotes, case conventions), and the
// systematic affixes of a code base.
import englishWords from "an-array-of-english-words";

let english: ReadonlySet<string> | null = null;
/** A word of an English dictionary (an-array-of-english-words, ~275,000 words; read once, on first use). */
const isEnglishWord = (word: string) => (english ??= new Set(englishWords)).has(word);

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const IDENT = "[A-Za-z0-9_$]";

/** `valueSSE` → ["value", "sse"]; `header_accept` → ["header", "accept"]; `HTTPServer2` → ["http", "server", "2"]. */
export function identifierWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])([0-9])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** The text says the word as prose does: whole, in any case, or its plural (`Iterators` for `iterator`). */
export function saysWord(text: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escape(word)}(?:s|es)?(?![\\p{L}\\p{N}_])`, "iu").test(text);
}

/** The text states the identifier: verbatim, or its words in another case convention (value SSE, value-sse, value_sse). */
export function mentionsIdentifier(text: string, name: string): boolean {
  if (new RegExp(`(?<!${IDENT})${escape(name)}(?!${IDENT})`).test(text)) return true;
  const words = identifierWords(name);
  if (words.length === 0) return false;
  const joined = words.map(escape).join("[\\s_\\-.]*");
  return new RegExp(`(?<![A-Za-z0-9])${joined}(?![A-Za-z0-9])`, "i").test(text);
}

const stripExtension = (p: string) => p.replace(/\.(m?[jt]sx?|cjs|cts|py)$/, "");

/** The text names the module's file: its repository path, a path tail with a directory, or its file name with extension. */
export function mentionsPath(text: string, specifier: string, resolved: string | null): boolean {
  const candidates = new Set<string>();
  const add = (p: string) => {
    const clean = p.replace(/^(\.\.?\/)+/, "");
    if (!clean) return;
    candidates.add(clean);
    const bare = stripExtension(clean);
    const parts = bare.split("/");
    for (let i = 0; i < parts.length - 1; i++) candidates.add(parts.slice(i).join("/"));
    if (parts.length > 1) candidates.add(parts.join("."));
  };
  add(specifier.includes("/") || specifier.startsWith(".") ? specifier : specifier.replace(/\./g, "/"));
  if (resolved) {
    add(resolved);
    const base = resolved.split("/").at(-1)!;
    if (/\.\w+$/.test(base) && !/^(index|__init__)\./.test(base)) candidates.add(base);
  }
  for (const c of candidates) {
    if (!c.includes("/") && !c.includes(".")) continue;
    if (new RegExp(`(?<![A-Za-z0-9_])${escape(c)}(?![A-Za-z0-9_])`).test(text)) return true;
  }
  return false;
}

/** The module's file name (without directory or extension), e.g. `rest/handler.js` → `handler`. */
export function moduleStem(specifier: string): string {
  const last = stripExtension(specifier.replace(/\/(index|__init__)(\.\w+)?$/, "")).split(/[/.]/).filter(Boolean).at(-1) ?? specifier;
  return last;
}

const QUOTES = `"'\`“”‘’«»`;
const quotedSpans = (text: string) => [...text.matchAll(new RegExp(`[${QUOTES}]([^${QUOTES}\\n]+)[${QUOTES}]`, "g"))].map((m) => ({ start: m.index! + 1, end: m.index! + 1 + m[1]!.length }));

/**
 * The text states the literal. Exact comparisons need the literal whole: quoted on its own or in prose,
 * not only inside a longer quoted string; substring comparisons (toThrow("…"), `in`) are satisfied by a longer one.
 */
export function mentionsLiteral(text: string, literal: string, match: "exact" | "contains"): boolean {
  if (literal.length === 0) return true;
  const boundary = /^[A-Za-z0-9_]/.test(literal) ? "(?<![A-Za-z0-9_])" : "";
  const tail = /[A-Za-z0-9_]$/.test(literal) ? "(?![A-Za-z0-9_])" : "";
  const re = new RegExp(`${match === "contains" ? "" : boundary}${escape(literal)}${match === "contains" ? "" : tail}`, "g");
  const spans = match === "exact" ? quotedSpans(text) : [];
  for (const m of text.matchAll(re)) {
    const start = m.index!;
    const end = start + literal.length;
    const inside = spans.find((s) => s.start <= start && end <= s.end);
    if (!inside || (inside.start === start && inside.end === end)) return true;
  }
  return false;
}

/** The text holds every static part of a template in order (the message stated with a placeholder). */
export function mentionsTemplate(text: string, parts: readonly string[]): boolean {
  const fixed = parts.map((p) => p.trim()).filter((p) => p.length >= 3);
  if (fixed.length === 0) return false;
  return new RegExp(fixed.map(escape).join("[\\s\\S]{1,40}?")).test(text);
}

/** A literal's value matches a template's static parts with anything between them. */
export function matchesTemplate(value: string, parts: readonly string[]): boolean {
  // Only whitespace, punctuation and placeholders ("{} {}", `${a}.${b}`): such a template matches nothing in particular.
  if (!parts.some((p) => /[\p{L}\p{N}]/u.test(p))) return false;
  return new RegExp(`^${parts.map(escape).join("[\\s\\S]*?")}$`).test(value);
}

/**
 * Affixes the code base uses systematically: a suffix or prefix joining at a case or underscore
 * boundary that turns at least `min` of its names into other names it also has (Allow → AllowCtx).
 */
export function systematicAffixes(names: Iterable<string>, min = 2): { suffixes: Set<string>; prefixes: Set<string> } {
  const set = new Set(names);
  const suffixCount = new Map<string, number>();
  const prefixCount = new Map<string, number>();
  for (const name of set) {
    for (let i = 1; i < name.length; i++) {
      const boundary = /[A-Z_]/.test(name[i]!) && /[a-z0-9]/i.test(name[i - 1]!);
      if (!boundary) continue;
      const head = name.slice(0, i);
      const rest = name.slice(i);
      if (set.has(head)) suffixCount.set(rest, (suffixCount.get(rest) ?? 0) + 1);
      const restAsName = rest.startsWith("_") ? rest.slice(1) : rest[0]!.toLowerCase() + rest.slice(1);
      if (set.has(rest) || set.has(restAsName)) prefixCount.set(head, (prefixCount.get(head) ?? 0) + 1);
    }
  }
  const keep = (m: Map<string, number>) => new Set([...m].filter(([, n]) => n >= min).map(([a]) => a));
  return { suffixes: keep(suffixCount), prefixes: keep(prefixCount) };
}

/** The base name and affix that make `name` inferable, or null. */
export function affixOf(name: string, baseNames: ReadonlySet<string>, affixes: { suffixes: Set<string>; prefixes: Set<string> }): string | null {
  for (const suffix of affixes.suffixes) {
    if (name.endsWith(suffix) && baseNames.has(name.slice(0, -suffix.length))) return `${name.slice(0, -suffix.length)} + ${suffix}`;
  }
  for (const prefix of affixes.prefixes) {
    if (!name.startsWith(prefix) || name.length === prefix.length) continue;
    const rest = name.slice(prefix.length);
    const asName = rest.startsWith("_") ? rest.slice(1) : rest[0]!.toLowerCase() + rest.slice(1);
    if (baseNames.has(rest) || baseNames.has(asName)) return `${prefix} + ${baseNames.has(rest) ? rest : asName}`;
  }
  return null;
}

/** The text gives a file's name as a name: quoted or in backticks, or beside the word module / file / package. */
export function mentionsFileName(text: string, stem: string): boolean {
  const words = identifierWords(stem).map(escape).join("[\\s_\\-]*");
  if (!words) return false;
  const quoted = new RegExp(`[${QUOTES}](?:[\\w./-]*/)?${escape(stem)}(?:\\.\\w+)?[${QUOTES}]`);
  const beside = new RegExp(`(?<![A-Za-z0-9])${words}\\s+(module|file|package|submodule)s?(?![A-Za-z0-9])|(?<![A-Za-z0-9])(module|file|package)\\s+${words}(?![A-Za-z0-9])`, "i");
  return quoted.test(text) || beside.test(text);
}

/** A literal as prose writes it: newlines and tabs escaped (`a\nb`), as an addendum quotes it. */
export const proseForm = (value: string) => value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\t/g, "\\t").replace(/`/g, "\\`");

/** The text states a literal as its value or in the prose form an addendum writes it (backslashes doubled, `\n`). */
export function statesLiteral(text: string, literal: string, match: "exact" | "contains"): boolean {
  return mentionsLiteral(text, literal, match) || (proseForm(literal) !== literal && mentionsLiteral(text, proseForm(literal), match));
}

const ORDINAL_WORDS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"];
const suffix = (n: number) => (n % 100 >= 11 && n % 100 <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] ?? "th");

/** The text states a parameter by its position in words: "an optional fifth argument", "argument 5", "the 5th parameter". */
export function statesPosition(text: string, position: number): boolean {
  const ord = `(?:${ORDINAL_WORDS[position] ?? "$^"}|${position}${suffix(position)})`;
  const noun = "(?:argument|parameter|param|arg|positional argument)s?";
  return new RegExp(`(?<![A-Za-z0-9])${ord}(?:[\\s-]+(?:optional|positional|new|extra|additional))?[\\s-]+${noun}(?![A-Za-z])|(?<![A-Za-z])${noun}\\s*(?:#|no\\.?|number)?\\s*${position}(?![0-9])`, "i").test(text);
}

/** The text writes a call of `fn` with at least `count` arguments (`encoding(available, preferred)`). */
export function statesCallWith(text: string, fn: string, count: number): boolean {
  for (const m of text.matchAll(new RegExp(`(?<![A-Za-z0-9_$])${escape(fn)}\\s*\\(([^()]*)\\)`, "g"))) {
    const inner = m[1]!.trim();
    if (inner !== "" && inner.split(",").filter((a) => a.trim() !== "").length >= count) return true;
  }
  return false;
}

/** About 160 characters of the text around the first of the needles it holds (case-insensitive), or null. */
export function excerptOf(text: string, needles: readonly (string | null | undefined)[]): string | null {
  const lower = text.toLowerCase();
  for (const needle of needles) {
    const n = (needle ?? "").trim();
    if (n.length === 0) continue;
    const i = lower.indexOf(n.toLowerCase());
    if (i === -1) continue;
    const start = Math.max(0, i - 60);
    const end = Math.min(text.length, i + n.length + 60);
    return `${start > 0 ? "…" : ""}${text.slice(start, end).replace(/\s+/g, " ").trim()}${end < text.length ? "…" : ""}`;
  }
  return null;
}

/**
 * The text states a name as a name. A plain lowercase word (`entries`, `cached`) is also ordinary English, so
 * it counts only written as code: quoted or in backticks, called (`entries(`), as a member (`.entries`) or a
 * flag (`--entries`); any other name as mentionsIdentifier finds it.
 */
export function statesName(text: string, name: string): boolean {
  if (!/^[a-z][a-z0-9]*$/.test(name)) return mentionsIdentifier(text, name);
  return givesIdentifier(text, name);
}

/**
 * The text gives the identifier of a function an agent must call: the identifier itself, case-sensitive, as a token; or its
 * words in another code convention joined without spaces (`header-accept`, `header_accept`) where the text
 * treats it as code (quoted, called, a member, a flag) or names it as a name ("its header-accept constant"). A
 * description made of the same words ("a Title Case converter", "flat case", "gives Train-Case") is not the name:
 * `titleCase`, `toTitleCase` and `TitleCase` fit it alike. A plain lowercase word (`entries`, `cached`) is also
 * ordinary English, so even verbatim it counts only written as code or named as a name (statesName's rule).
 */
export function givesIdentifier(text: string, name: string): boolean {
  const b = "(?![A-Za-z0-9_$])";
  const a = "(?<![A-Za-z0-9_$])";
  // The nouns that name a thing of the code, either case at the start ("Function", "function").
  const kinds = `(?:${["function", "method", "helper", "export", "constant", "class", "module", "property", "field", "action", "hook", "command", "option", "keyword", "argument", "parameter", "flag"].map((k) => `[${k[0]}${k[0]!.toUpperCase()}]${k.slice(1)}`).join("|")})s?`;
  const asCode = (form: string, flags = "") => {
    if (new RegExp(`${a}${form}\\s*\\(|\\.${form}${b}|--${form}${b}|${a}${form}=`, flags).test(text)) return true;
    if (new RegExp(`${a}${form}\\s+${kinds}${b}|${a}${kinds}\\s+${form}${b}`, flags).test(text)) return true;
    // A quote opens where no letter runs into it and closes where none follows: a possessive's apostrophe (`server's`) quotes nothing.
    for (const span of text.matchAll(new RegExp(`(?<![A-Za-z0-9])[${QUOTES}]([^${QUOTES}\\n]+)[${QUOTES}](?![A-Za-z0-9])`, "g"))) {
      if (new RegExp(`${a}${form}${b}`, flags).test(span[1]!)) return true;
    }
    return false;
  };
  const n = escape(name);
  // One lowercase word: an English word in prose describes what the code does ("parse the header"), so it is given
  // only as code; a word no English dictionary holds ("kebabize to convert …") is the identifier itself.
  if (/^[a-z][a-z0-9]*$/.test(name)) return asCode(n) || (!isEnglishWord(name) && new RegExp(`(?<![A-Za-z0-9_$-])${n}(?![A-Za-z0-9_$-])`).test(text));
  if (new RegExp(`${a}${n}${b}`).test(text)) return true;
  const words = identifierWords(name);
  if (words.length < 2) return false;
  return asCode(words.map(escape).join("[_\\-.]?"), "i");
}

/** A literal written as a number (`42`, `-1.5e3`, `0x1F`, `1_000`). */
export const NUMBER = /^-?[0-9][0-9_.eExXa-fA-F]*$/;

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}_]/u.test(c);
/** `piece` stands in `value` as a whole: no letter or digit runs on across an edge of it that is a letter or digit. */
export function holdsPiece(value: string, piece: string): boolean {
  for (let at = value.indexOf(piece); at !== -1; at = value.indexOf(piece, at + 1)) {
    const before = isWordChar(piece[0]) && isWordChar(value[at - 1]);
    const after = isWordChar(piece.at(-1)) && isWordChar(value[at + piece.length]);
    if (!before && !after) return true;
  }
  return false;
}
