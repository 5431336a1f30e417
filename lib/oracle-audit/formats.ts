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
