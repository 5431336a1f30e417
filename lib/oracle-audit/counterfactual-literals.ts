// Pure: literals gold writes other than as a string's text: an object's key, a join's separator, the time zone of a
// date-time, a regular expression's pattern (plain text, or a character only gold's changed pattern lets through).
import { addedRows, changedLiteral, isProse, replacementEditor, rewriteAdded, type TMutation, type TRowEditor } from "./counterfactual-diff";
import { keptCharacters } from "./formats";
import { languageOf } from "./languages";
import { field, walk } from "./syntax";
import type { TParsedFile, TSyntaxNode } from "./types";

/** The keys of gold's added object literals (a property's or a method's name) spelled `key`, replaced by `quoted`. */
export function keyEdits(file: TParsedFile, key: string, quoted: string, added: ReadonlySet<number>): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  walk(file.root, (node, ancestors) => {
    if (node.type === "comment") return false;
    if (node.type !== "property_identifier" || !added.has(node.row) || file.source.slice(node.start, node.end) !== key) return;
    const parent = ancestors.at(-1);
    const inObject = parent && ((parent.type === "pair" && field(parent, "key") === node) || (parent.type === "method_definition" && field(parent, "name") === node && ancestors.at(-2)?.type === "object"));
    if (inObject) out.push({ start: node.start, end: node.end, text: quoted });
  });
  return out;
}

/**
 * The separators of the `.join(sep)` calls gold adds (JavaScript `list.join(", ")`, Python `", ".join(list)`) that split
 * `literal` into two or more non-empty pieces: an output made of the test's own inputs and gold's separator
 * (citty-subcommand-aliases' `install, i, add`; gaps5's `joins`). Each such separator string is changed in place; a
 * separator of letters, digits or only whitespace is none.
 */
export function joinSeparatorEdits(file: TParsedFile, literal: string, added: ReadonlySet<number>): { start: number; end: number; text: string; sep: string }[] {
  const { source } = file;
  const out: { start: number; end: number; text: string; sep: string }[] = [];
  const text = (n: TSyntaxNode | null) => (n ? source.slice(n.start, n.end) : "");
  walk(file.root, (node) => {
    if (node.type === "comment") return false;
    if (node.type !== "call_expression" && node.type !== "call") return;
    const callee = field(node, "function");
    if (!callee || (callee.type !== "member_expression" && callee.type !== "attribute")) return;
    if (text(field(callee, callee.type === "attribute" ? "attribute" : "property")) !== "join") return;
    // Python writes the separator as the object (`", ".join(xs)`), JavaScript as the first argument.
    const sepNode = callee.type === "attribute"
      ? field(callee, "object")
      : field(node, "arguments")?.children.find((c) => c.named && c.type !== "comment") ?? null;
    if (!sepNode || sepNode.type !== "string" || !added.has(sepNode.row)) return;
    const raw = text(sepNode);
    const quote = raw[0];
    if (!quote || !`'"`.includes(quote) || raw.at(-1) !== quote || raw.length < 3) return;
    const sep = raw.slice(1, -1);
    // Whitespace alone splits any sentence (scule's titleCase joins words with " "): no separator of inputs.
    if (sep.includes("\\") || /[\p{L}\p{N}]/u.test(sep) || sep.trim() === "") return;
    const pieces = literal.split(sep);
    if (pieces.length < 2 || pieces.some((p) => p === "")) return;
    out.push({ start: sepNode.start, end: sepNode.end, text: `${quote}${changedLiteral(sep, true)}${quote}`, sep });
  });
  return out;
}

/** An ISO-8601 date-time with a numeric UTC offset (`2017-07-14T02:40:00+00:00`). */
export const DATE_TIME_WITH_OFFSET = /\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?[+-]\d{2}:?\d{2}(?![\d:])/;
/** Python calls that give back a date-time (or time) in the time zone they are handed. */
const ZONED_CALLS = new Set(["fromtimestamp", "now", "datetime", "time", "combine", "replace", "astimezone", "fromisoformat"]);

/**
 * Gold's added Python calls that make an aware date-time from a time zone gold names (`datetime.fromtimestamp(t,
 * tz=timezone.utc)`, `.astimezone(tz)`, `.replace(tzinfo=…)`): each is made naive where it is made
 * (`.replace(tzinfo=None)` after the call) — the same instant and digits, no offset (branch cf8).
 */
export function timeZoneEdits(file: TParsedFile, added: ReadonlySet<number>): { offset: number; text: string }[] {
  const { source } = file;
  const out: { offset: number; text: string }[] = [];
  const text = (n: TSyntaxNode | null) => (n ? source.slice(n.start, n.end) : "");
  walk(file.root, (node) => {
    if (node.type === "comment") return false;
    if (node.type !== "call" || !added.has(node.row)) return;
    const callee = field(node, "function");
    const name = callee?.type === "attribute" ? text(field(callee, "attribute")) : callee?.type === "identifier" ? text(callee) : "";
    if (!ZONED_CALLS.has(name)) return;
    const args = field(node, "arguments")?.children.filter((c) => c.named && c.type !== "comment") ?? [];
    const zoneKeyword = args.find((a) => a.type === "keyword_argument" && ["tz", "tzinfo"].includes(text(field(a, "name"))));
    const zoned = zoneKeyword ? text(field(zoneKeyword, "value")) !== "None" : name === "astimezone" && args.length > 0;
    if (zoned) out.push({ offset: node.end, text: ".replace(tzinfo=None)" });
  });
  return out;
}

/** Regular-expression literals of a file's syntax tree, as `[pattern, flags]` with their extent. */
export function regexLiterals(file: TParsedFile): { start: number; end: number; row: number; pattern: string; flags: string }[] {
  const out: { start: number; end: number; row: number; pattern: string; flags: string }[] = [];
  walk(file.root, (node) => {
    if (node.type === "comment") return false;
    if (node.type !== "regex") return undefined;
    const pattern = field(node, "pattern");
    const flags = field(node, "flags");
    if (pattern) out.push({ start: node.start, end: node.end, row: node.row, pattern: file.source.slice(pattern.start, pattern.end), flags: flags ? file.source.slice(flags.start, flags.end) : "" });
    return false;
  });
  return out;
}

/** A pattern with no operator but `.` (which matches itself too): it matches the text it spells. */
export const PLAIN_PATTERN = /^[^\\^$*+?()[\]{}|/]+$/;

/** The text a pattern matches when it is plain text once its escapes are read (`position \(20\)` → `position (20)`); null otherwise. */
export function patternText(pattern: string): string | null {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "\\") {
      const next = pattern[i + 1];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return null;
      out += next;
      i++;
    } else if ("^$*+?()[]{}|.".includes(c)) return null;
    else out += c;
  }
  return out;
}

/** A character as a regular-expression escape (`\x7C`), or null past the Basic Multilingual Plane. */
const regexEscape = (c: string) => {
  const n = c.codePointAt(0)!;
  return n <= 0xff ? `\\x${n.toString(16).padStart(2, "0").toUpperCase()}` : n <= 0xffff ? `\\u${n.toString(16).padStart(4, "0").toUpperCase()}` : null;
};

/**
 * An output keeping characters literally that only gold's changed pattern lets through (gaps9's kept-character rule,
 * `keptCharacters`): gold's pattern, where its added lines write it, matches those characters again (`/(?:[\x7C])|(?:…)/g`),
 * so the file's encoder rewrites them as the base did; every other character is matched as gold matches it (cf10).
 */
export function keptCharacterMutation(gold: string, raw: string, isTest: (path: string) => boolean, parsed: readonly TParsedFile[], parsedBase: readonly TParsedFile[], alongside: readonly string[] = []): TMutation | null {
  const added = addedRows(gold);
  const editors = new Map<string, TRowEditor>();
  const described: string[] = [];
  for (const base of parsedBase) {
    const file = parsed.find((f) => f.path === base.path);
    const language = languageOf(base.path);
    if (!file || !language || isTest(file.path) || isProse(file.path)) continue;
    let defs: [ReturnType<typeof language.extractDefinitions>, ReturnType<typeof language.extractDefinitions>];
    try {
      defs = [language.extractDefinitions(base), language.extractDefinitions(file)];
    } catch {
      continue;
    }
    const keptBy = (text: string) => keptCharacters(text, defs[0].patterns ?? [], defs[1].patterns ?? [], defs[0].replacers ?? []);
    const kept = keptBy(raw);
    if (!kept) continue;
    // A kept character another expected text of the test's also keeps (the backslash of `http:\\localhost\foo`) is that
    // text's dependency too: only the characters this output alone keeps are matched again (cf11) — every one when
    // it keeps none of its own.
    const shared = new Set(alongside.filter((t) => t !== raw).flatMap((t) => keptBy(t)?.freed ?? []));
    const own = kept.freed.filter((c) => !shared.has(c));
    const freed = own.length > 0 ? own : kept.freed;
    const escapes = freed.map(regexEscape);
    if (escapes.some((e) => e === null)) continue;
    const [pattern, flags] = kept.after;
    const edits = regexLiterals(file)
      .filter((r) => r.pattern === pattern && r.flags === flags && added.get(file.path)?.has(r.row))
      .map((r) => ({ start: r.start, end: r.end, text: `/(?:[${escapes.join("")}])|(?:${pattern})/${flags}` }));
    if (edits.length === 0) continue;
    editors.set(file.path, replacementEditor(file.source, edits));
    described.push(`gold's /${pattern}/${flags} in ${file.path}`);
    const { patch, edits: n } = rewriteAdded(gold, isTest, (seg) => seg.text, editors);
    if (n > 0) return { ok: true, patch, mutation: `${described.join(", ")}: the pattern matches ${freed.join(" ")} again (which the base's pattern rewrote and gold's lets through${freed.length < kept.freed.length ? `; not ${kept.freed.filter((c) => !freed.includes(c)).join(" ")}, which another text of the test's keeps too` : ""})`, edits: n };
  }
  return null;
}
