// Pure: warns when a turn's visible text would tell the agent (or a blind
// reviewer) something only the hidden trace may say — an atom key, an event or
// role word used as a label, or the name of a probe the verifier runs.
import type { TLeakKind } from "@/lib/contract/types";

export type TLeakWarning = {
  /** 1-based, like the contract engine's turns. */
  turn: number;
  kind: TLeakKind;
  /** The text as it appears in the turn. */
  match: string;
  message: string;
};

export type TLeakLintInput = {
  /** Keys of the family's atoms (any status); other A-number tokens are still flagged, as possible keys. */
  atomKeys?: readonly string[];
  /** Collected test ids of the probes, e.g. `tests/test_x.py::test_y` or `suite > name`. */
  probeTestIds?: readonly string[];
};

const ATOM_KEY = /\bA[1-9][0-9]*\b/g;

const EVENT = "(?:de)?activat(?:e|es|ed|ion)|restat(?:e|es|ed|ement)";
/** Event words that are labels rather than prose: shouted, followed by a colon, bracketed, or naming an atom. */
const EVENT_LABELS: readonly RegExp[] = [
  /\b(?:DE)?ACTIVAT(?:E|ES|ED|ION)\b|\bRESTAT(?:E|ES|ED|EMENT)\b/g,
  new RegExp(`\\b(?:${EVENT})\\s*:`, "gi"),
  new RegExp(`[\\[(<{]\\s*(?:${EVENT})\\s*[\\])>}]`, "gi"),
  new RegExp(`\\b(?:${EVENT})\\s+(?:atoms?|requirements?|events?)\\b`, "gi"),
  new RegExp(`\\batoms?\\s+(?:${EVENT})\\b`, "gi"),
  // "restated" is the trace's own word for a repetition; prose says "as I said".
  /\brestated\b/gi,
];

const ROLE_LABELS: readonly RegExp[] = [/\b(?:final|fixed|temporary)\s+atoms?\b/gi, /\bM\*|\bC\*/g];

/** A go-style subtest id, `TestX/sub_case`: the one id whose `/` separates names rather than a path. */
const SUBTEST = /^[A-Za-z_]\w*(?:\/[\w.-]+)+$/;

/**
 * The names a probe is known by: its whole id and its last segment (after `::`, ` > `
 * or `#`, and after `/` only in a go-style subtest id). A `/` inside a title is part of
 * the name ("serves /some-path"), so a path in a history is not a fragment of a probe.
 */
export function probeNames(testId: string): string[] {
  const whole = testId.trim();
  const leaf = (SUBTEST.test(whole) ? whole.split("/") : whole.split(/::| > |#/)).pop()?.trim() ?? "";
  return [...new Set([whole, leaf])].filter((name) => name.length >= 8);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function nameMatcher(name: string): RegExp {
  // Whole names only: not inside a longer word, path or id (test_foo must not match test_foobar,
  // nor sub-test_foo, nor /x/test_foo); sentences match as phrases.
  const before = /\w/.test(name[0]!) ? "(?<![\\w/.-])" : "";
  const after = /\w/.test(name.at(-1)!) ? "(?![\\w/-])" : "";
  return new RegExp(`${before}${escape(name).replace(/\s+/g, "\\s+")}${after}`, "i");
}

function collect(text: string, pattern: RegExp): { match: string; at: number }[] {
  return [...text.matchAll(pattern)].map((m) => ({ match: m[0], at: m.index }));
}

type TProbeMatchers = { testId: string; names: { name: string; matcher: RegExp | null }[] };

/**
 * Probe names indexed by their first word: a name can only occur in a text that
 * has that word, so a turn is matched against the few probes whose first word it
 * contains, not against every probe (2,000 probes × 1,400 turns stays fast).
 */
export type TProbeNameIndex = { byWord: Map<string, TProbeMatchers[]>; order: Map<string, number> };

const firstWord = (name: string) => name.toLowerCase().match(/\w+/)?.[0] ?? "";

export function indexProbeNames(probeTestIds: readonly string[]): TProbeNameIndex {
  const byWord = new Map<string, TProbeMatchers[]>();
  const order = new Map<string, number>();
  probeTestIds.forEach((testId, i) => {
    if (order.has(testId)) return;
    order.set(testId, i);
    // Matchers are compiled when a turn first contains the name's first word.
    const entry: TProbeMatchers = { testId, names: probeNames(testId).map((name) => ({ name, matcher: null })) };
    for (const word of new Set(entry.names.map((n) => firstWord(n.name)))) {
      const list = byWord.get(word);
      if (list) list.push(entry);
      else byWord.set(word, [entry]);
    }
  });
  return { byWord, order };
}

function candidateProbes(text: string, index: TProbeNameIndex): TProbeMatchers[] {
  const found = new Set<TProbeMatchers>(index.byWord.get("") ?? []);
  for (const word of new Set(text.toLowerCase().match(/\w+/g) ?? [])) for (const entry of index.byWord.get(word) ?? []) found.add(entry);
  return [...found].sort((a, b) => index.order.get(a.testId)! - index.order.get(b.testId)!);
}

// One set per key list, not one per turn: a large family lints thousands of turns.
const knownSets = new WeakMap<readonly string[], ReadonlySet<string>>();
const NO_KEYS: ReadonlySet<string> = new Set();
function knownKeys(keys: readonly string[] | undefined): ReadonlySet<string> {
  if (!keys) return NO_KEYS;
  let set = knownSets.get(keys);
  if (!set) knownSets.set(keys, (set = new Set(keys)));
  return set;
}

export function lintTurnText(text: string, turn: number, input: TLeakLintInput = {}, probeIndex?: TProbeNameIndex): TLeakWarning[] {
  const warnings: TLeakWarning[] = [];
  const seen = new Set<string>();
  /** Spans already reported per kind, so overlapping patterns give one warning per spot. */
  const covered = new Map<TLeakKind, [number, number][]>();
  const warn = (kind: TLeakKind, found: { match: string; at: number }, message: (m: string) => string) => {
    const match = found.match.trim();
    const end = found.at + found.match.length;
    const id = `${kind}:${match.toLowerCase()}`;
    const spans = covered.get(kind) ?? [];
    if (seen.has(id) || spans.some(([a, b]) => found.at < b && a < end)) return;
    seen.add(id);
    covered.set(kind, [...spans, [found.at, end]]);
    warnings.push({ turn, kind, match, message: message(match) });
  };
  const known = knownKeys(input.atomKeys);
  for (const found of collect(text, ATOM_KEY)) {
    warn("atom_key", found, (key) =>
      known.has(key) ? `Turn ${turn} names atom ${key}; the visible text never uses atom keys.` : `Turn ${turn} contains "${key}", which reads like an atom key.`,
    );
  }
  for (const pattern of EVENT_LABELS) {
    for (const found of collect(text, pattern)) warn("event_label", found, (m) => `Turn ${turn} uses "${m}" as an event label; say what changes in plain words.`);
  }
  for (const pattern of ROLE_LABELS) {
    for (const found of collect(text, pattern)) warn("role_label", found, (m) => `Turn ${turn} says "${m}", a hidden role of the contract.`);
  }
  const index = probeIndex ?? indexProbeNames(input.probeTestIds ?? []);
  for (const { names } of candidateProbes(text, index)) {
    for (const entry of names) {
      const name = entry.name;
      entry.matcher ??= nameMatcher(name);
      const m = entry.matcher.exec(text);
      if (m) {
        warn("probe_name", { match: m[0], at: m.index }, () => `Turn ${turn} quotes the probe "${name}"; the verifier's test names stay hidden.`);
        break;
      }
    }
  }
  return warnings;
}

/** Every warning of a history, in turn order. */
export function lintHistoryText(turns: readonly { text: string }[], input: TLeakLintInput = {}, probeIndex?: TProbeNameIndex): TLeakWarning[] {
  const index = probeIndex ?? indexProbeNames(input.probeTestIds ?? []);
  return turns.flatMap((t, i) => lintTurnText(t.text, i + 1, input, index));
}
