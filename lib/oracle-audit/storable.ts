// Pure: strings from a repository made storable in PostgreSQL text and jsonb columns.
// A repository can hold any string: U+0000 (which text and jsonb refuse), lone UTF-16
// surrogates (which jsonb refuses and UTF-8 cannot encode), and bytes that were never
// UTF-8 (already U+FFFD once decoded). What the curator reads keeps U+0000 visible as
// the escape `\u0000`; a lone surrogate becomes U+FFFD. Applying it twice changes nothing.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** One string, storable as text (and inside jsonb). */
export function storableText(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(LONE_SURROGATE, "\ufffd").replace(/\u0000/g, "\\u0000");
}

/** A JSON value with every string (keys included) storable; iterative, so any depth is safe. */
export function storableJson<T>(value: T): T {
  if (typeof value === "string") return storableText(value) as T;
  if (value === null || typeof value !== "object") return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const stack: [unknown, Record<string, unknown> | unknown[]][] = [[value, root as Record<string, unknown>]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    for (const [k, v] of Object.entries(from as Record<string, unknown>)) {
      let copy: unknown = v;
      if (typeof v === "string") copy = storableText(v);
      else if (v !== null && typeof v === "object") {
        copy = Array.isArray(v) ? [] : {};
        stack.push([v, copy as Record<string, unknown>]);
      } else if (v === undefined) continue;
      if (Array.isArray(to)) to[Number(k)] = copy;
      else to[storableText(k)] = copy;
    }
  }
  return root as T;
}

/** A JSON value as UTF-8 bytes for a bytea column: JSON escapes U+0000 and lone surrogates, so it round-trips exactly. */
export function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(value)) as Uint8Array<ArrayBuffer>;
}

export function fromJsonBytes<T>(bytes: Uint8Array): T {
  return JSON.parse(new TextDecoder().decode(bytes)) as T;
}
