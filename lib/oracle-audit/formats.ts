// Pure: fixed-point number formats. A number written with trailing zeros after the point (`14,308.40`) is not
// what arithmetic or `str()` of a number gives: only a fixed-point format of that many decimals writes it —
// Python `%.2f`, `{:.2f}`, `{0:,.2f}`; any count with a variable precision (`{0:.{1}f}`, `%.*f`, JavaScript's
// `toFixed`).

export interface TFixedPointFormats {
  /** Decimal counts of the fixed-point formats written with a fixed precision. */
  decimals: Set<number>;
  /** A format whose precision is a value (`{0:.{1}f}`, `%.*f`, `toFixed`): any count. */
  any: boolean;
}

const FIXED = /%[-+ #0]*\d*\.(\d+)f|\{[^{}]*?:[^{}]*?\.(\d+)f\}/g;
const VARIABLE = /%[-+ #0]*\d*\.\*f|\{[^{}]*?:[^{}]*?\.\{[^{}]*\}f\}/;

export function fixedPointFormats(strings: Iterable<string>, properties: Iterable<string>): TFixedPointFormats {
  const out: TFixedPointFormats = { decimals: new Set(), any: false };
  for (const s of strings) {
    if (!s.includes("f")) continue;
    for (const m of s.matchAll(FIXED)) out.decimals.add(Number(m[1] ?? m[2]));
    if (VARIABLE.test(s)) out.any = true;
  }
  for (const p of properties) if (p === "toFixed") out.any = true;
  return out;
}

const DECIMAL = /(?<![\d.])\d[\d,_]*\.(\d+)(?![\d.])/g;

/** The decimal counts of the numbers in `value` that end in a zero after the point (`14,308.40`: 2). */
export function trailingZeroDecimals(value: string): number[] {
  return [...value.matchAll(DECIMAL)].filter((m) => m[1]!.endsWith("0")).map((m) => m[1]!.length);
}

export const canWrite = (f: TFixedPointFormats, decimals: number) => f.any || f.decimals.has(decimals);

/** The text shows a fixed-point output by example: a number with a trailing zero after the point. */
export const showsFixedPoint = (text: string) => trailingZeroDecimals(text).length > 0;

// Time-zone offsets (gaps6). An ISO-8601 date-time with a numeric offset (`2017-07-14T02:40:00+00:00`) is what only a
// time-zone-aware date-time writes: a naive one (`datetime.utcnow()`) has no offset to write. The offset is a part of
// the output whose producer is the code's use of a time zone.

/** An ISO-8601 date-time with a numeric UTC offset; group 1 is the offset. */
const ISO_OFFSET = /\d{4}-\d\d-\d\d[T ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?([+-]\d\d:?\d\d)(?![\d:])/;

/** The UTC offset an ISO-8601 date-time in `value` carries (`+00:00`), or null. */
export const isoOffsetOf = (value: string): string | null => ISO_OFFSET.exec(value)?.[1] ?? null;

/**
 * Names by which code makes a date-time time-zone-aware, or writes its offset: Python's `timezone` (`timezone.utc`),
 * `tz=` / `tzinfo=`, `astimezone`, `ZoneInfo`, `pytz`, dateutil's `tzutc` / `tzoffset`; JavaScript's
 * `getTimezoneOffset` and Intl's `timeZone`.
 */
const OFFSET_NAMES = ["timezone", "tzinfo", "tz", "astimezone", "ZoneInfo", "zoneinfo", "pytz", "tzutc", "tzoffset", "tzlocal", "getTimezoneOffset", "timeZone"];

/** The first name or `%z` format by which code of these names, properties and strings writes a time-zone offset, or null. */
export function offsetWriter(names: ReadonlySet<string>, properties: ReadonlySet<string>, strings: Iterable<string>): string | null {
  for (const n of OFFSET_NAMES) if (names.has(n) || properties.has(n)) return n;
  for (const s of strings) if (/%z/.test(s)) return "%z";
  return null;
}

/** The text says the output carries an offset: it writes one (`+00:00`) or speaks of an aware / offset time. */
export const showsOffset = (text: string) => ISO_OFFSET.test(text) || /[+-]\d\d:\d\d\b/.test(text) || /\b(?:time[- ]?zone[- ]aware|aware (?:UTC )?date-?times?|UTC offset|explicit offset|with (?:an? )?offset)\b/i.test(text);

/**
 * Compact JSON text an output holds (`foo=%7B%22bar%22%3A1%7D` holds `{"bar":1}`, URL-decoded): an object or array of
 * at least one entry as JSON.stringify / json.dumps(separators=…) write it, with a quote or a comma inside. Null if none.
 */
export function jsonTextOf(value: string): string | null {
  let text = value;
  if (/%[0-9A-Fa-f]{2}/.test(value)) {
    try {
      text = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  if (text.length > 400) return null;
  for (let i = 0; i < text.length; i++) {
    const open = text[i];
    if (open !== "{" && open !== "[") continue;
    const close = open === "{" ? "}" : "]";
    for (let j = text.length - 1; j > i + 1; j--) {
      if (text[j] !== close) continue;
      const slice = text.slice(i, j + 1);
      if (!/[",]/.test(slice)) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(slice);
      } catch {
        continue;
      }
      const entries = Array.isArray(parsed) ? parsed.length : parsed && typeof parsed === "object" ? Object.keys(parsed).length : 0;
      if (entries === 0) continue;
      // Compact, as a serializer writes it: no space after a separator outside strings.
      if (JSON.stringify(parsed) !== slice) continue;
      return slice;
    }
  }
  return null;
}

/** A JSON serializer the code reads: JavaScript's `JSON.stringify` (a read of `stringify`), Python's `json.dumps`. */
export function jsonWriter(properties: ReadonlySet<string>, names: ReadonlySet<string>): string | null {
  if (properties.has("stringify")) return "JSON.stringify";
  if (properties.has("dumps") || names.has("dumps")) return "json.dumps";
  return null;
}

/** The text says the output is JSON. */
export const showsJson = (text: string) => /\bJSON\b|\bjson\.dumps\b/.test(text);

// Digests (gaps9). A token of an output shaped as a hash digest — hex of 16/20/28/32/48/64 bytes, or base64 of them
// (padded or with `=` stripped) — is what only a hash of that digest size writes. Letters only (a long word) is no
// digest; a digest of random bytes holds digits and, in base64, both cases.

/** Digest sizes in bytes, with the algorithms (normalised: lower case, no `-` / `_`) that give them. */
const DIGEST_ALGORITHMS: ReadonlyArray<readonly [number, readonly string[]]> = [
  [16, ["md5", "md4"]],
  [20, ["sha1", "ripemd160", "rmd160"]],
  [28, ["sha224", "sha3224", "sha512224"]],
  [32, ["sha256", "sha3256", "sha512256", "blake2s", "blake2s256"]],
  [48, ["sha384", "sha3384"]],
  [64, ["sha512", "sha3512", "blake2b", "blake2b512"]],
];
const SIZES = new Set(DIGEST_ALGORITHMS.map(([n]) => n));
const base64Length = (bytes: number) => Math.ceil((bytes * 4) / 3);

/** The digest tokens `value` holds, each with its size in bytes and encoding. */
export function digestTokensOf(value: string): { token: string; bytes: number; encoding: "hex" | "base64" }[] {
  const out: { token: string; bytes: number; encoding: "hex" | "base64" }[] = [];
  for (const m of value.matchAll(/(?<![A-Za-z0-9+/])[A-Za-z0-9+/]+={0,2}(?![A-Za-z0-9+/=])/g)) {
    const token = m[0];
    const bare = token.replace(/=+$/, "");
    if (/^[0-9a-f]+$/.test(token) || /^[0-9A-F]+$/.test(token)) {
      if (token.length % 2 === 0 && SIZES.has(token.length / 2) && /[0-9]/.test(token) && /[a-fA-F]/.test(token)) out.push({ token, bytes: token.length / 2, encoding: "hex" });
      continue;
    }
    if (!/[A-Z]/.test(bare) || !/[a-z]/.test(bare) || !/[0-9+/]/.test(bare)) continue;
    for (const n of SIZES) {
      const len = base64Length(n);
      const padded = Math.ceil(n / 3) * 4;
      if (bare.length === len && (token.length === len || token.length === padded)) out.push({ token, bytes: n, encoding: "base64" });
    }
  }
  return out;
}

/** The first hash algorithm of a digest of `bytes` bytes that code of these names, properties and strings uses, or null. */
export function digestWriter(bytes: number, names: ReadonlySet<string>, properties: ReadonlySet<string>, strings: Iterable<string>): string | null {
  const algorithms = new Set(DIGEST_ALGORITHMS.find(([n]) => n === bytes)?.[1] ?? []);
  if (algorithms.size === 0) return null;
  const norm = (s: string) => s.toLowerCase().replace(/[-_]/g, "");
  for (const n of [...names, ...properties]) if (algorithms.has(norm(n))) return n;
  for (const s of strings) if (s.length <= 16 && algorithms.has(norm(s))) return s;
  return null;
}

/** The text names the algorithm (`SHA1`, `SHA-1`, `sha1`). */
export function namesAlgorithm(text: string, algorithm: string): boolean {
  const norm = algorithm.toLowerCase().replace(/[-_]/g, "");
  const spelled = norm.replace(/^([a-z]+?)(\d.*)$/, "$1[-_ ]?$2");
  return new RegExp(`(?<![A-Za-z0-9])${spelled}(?![0-9])`, "i").test(text);
}

/** The text names the digest's encoding. */
export const namesEncoding = (text: string, encoding: "hex" | "base64") => (encoding === "hex" ? /\bhex(?:adecimal)?\b/i : /\bbase-?64\b/i).test(text);

// Kept characters (gaps9). A character an output keeps literally that the base's global pattern matches and rewrites
// with a built-in encoder, where gold rewrites that one pattern into one that no longer matches it: only gold's pattern
// lets the character through. Shared by the classifier (who produces the output) and the counterfactual (changed there).

/** Built-in encoders a pattern's matches may be replaced with, whose output for a character the audit can compute. */
const ENCODERS: Record<string, ((c: string) => string) | undefined> = { encodeURI, encodeURIComponent, escape };

/**
 * The characters of `value` (not letters, digits or spaces) that one file's base pattern rewrites and gold's change of it
 * lets through — the file's one global pattern of the base (`[source, flags]`) that gold's same file rewrites into one,
 * replaced by a built-in encoder (`replacers`, the base's) that changes the character — with that pair; null otherwise.
 */
export function keptCharacters(value: string, basePatterns: readonly [string, string][], goldPatterns: readonly [string, string][], replacers: readonly string[]): { before: [string, string]; after: [string, string]; freed: string[] } | null {
  const chars = [...new Set([...value].filter((c) => /[^\p{L}\p{N}\s]/u.test(c)))];
  if (chars.length === 0) return null;
  const compile = ([source, flags]: [string, string]) => {
    try {
      return new RegExp(source, flags.replace(/[gy]/g, ""));
    } catch {
      return null;
    }
  };
  const key = (p: [string, string]) => `${p[1]}/${p[0]}`;
  const goldKeys = new Set(goldPatterns.map(key));
  const baseKeys = new Set(basePatterns.map(key));
  const removed = basePatterns.filter((p) => p[1].includes("g") && !goldKeys.has(key(p)));
  const added = goldPatterns.filter((p) => p[1].includes("g") && !baseKeys.has(key(p)));
  // One pattern rewritten into one: the pair is the base's pattern and gold's change of it.
  if (removed.length !== 1 || added.length !== 1) return null;
  const [before, after] = [compile(removed[0]!), compile(added[0]!)];
  if (!before || !after) return null;
  // What the base's match demonstrably becomes: a built-in encoder it replaces matches with changes the character.
  const encoders = replacers.map((r) => ENCODERS[r]).filter((e) => e !== undefined);
  if (encoders.length === 0) return null;
  const freed = chars.filter((c) => before.test(c) && !after.test(c) && encoders.some((e) => e(c) !== c));
  return freed.length > 0 ? { before: removed[0]!, after: added[0]!, freed } : null;
}

/**
 * The names an output made only of quoted identifiers, separators and brackets lists (`[ "isCI", "hasTTY", … ]`, an
 * inline snapshot of `Object.keys(mod)`), in order; null when it lists fewer than three or holds anything else.
 */
export function listedNames(value: string): string[] | null {
  const quoted = /"([A-Za-z_$][\w$]*)"|'([A-Za-z_$][\w$]*)'/g;
  const words = [...value.matchAll(quoted)].map((m) => (m[1] ?? m[2])!);
  if (words.length < 3 || value.replace(quoted, "").replace(/[\s,[\]]/g, "") !== "") return null;
  return words;
}
