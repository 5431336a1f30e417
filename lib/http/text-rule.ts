// Pure: the one rule for text at the API boundary (README "Input rules"): a string
// anywhere in a request — body values, body keys, path and query parameters — may
// not contain a NUL character (U+0000) or a lone UTF-16 surrogate. PostgreSQL cannot
// store the first and the second is not valid Unicode; both are refused with 400
// naming the field, never stripped (a silent change could alter a hash or a patch).
export type TBadText = { field: string; problem: string };

const NUL = "\u0000";

export function textProblem(value: string): string | null {
  if (value.includes(NUL)) return "must not contain a NUL character (U+0000)";
  if (!(value as string & { isWellFormed(): boolean }).isWellFormed()) return "must not contain a lone UTF-16 surrogate (invalid Unicode)";
  return null;
}

/** The first string in `value` that breaks the rule, with its field path ("turns.2.text"), or null. */
export function findBadText(value: unknown, prefix = ""): TBadText | null {
  const here = prefix || "(root)";
  if (typeof value === "string") {
    const problem = textProblem(value);
    return problem ? { field: here, problem } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], prefix ? `${prefix}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      const keyProblem = textProblem(key);
      const field = prefix ? `${prefix}.${key}` : key;
      if (keyProblem) return { field: field.replace(/[\u0000\ud800-\udfff]/g, "\ufffd"), problem: `has a key that ${keyProblem.replace(/^must/, "must")}` };
      const found = findBadText(inner, field);
      if (found) return found;
    }
  }
  return null;
}
