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
