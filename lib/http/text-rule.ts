// Pure: the one rule for text at the API boundary (README "Input rules"): a string
// anywhere in a request — body values, body keys, path and query parameters — may
// not contain a NUL character (U+0000) or a lone UTF-16 surrogate. PostgreSQL cannot
// store the first and the second is not valid Unicode; both are refused with 400
// naming the field, never stripped (a silent change could alter a hash or a patch).
// Arrays and objects may nest at most MAX_JSON_DEPTH levels: the walk is iterative
// (a body nested 3,000 deep once overflowed the stack and answered 500), and no
// stored shape comes near the limit, so deeper input is refused, not walked.
export type TBadText = { field: string; problem: string };

const NUL = "\u0000";

/** Levels of arrays/objects a request value may nest (the root object or array is level 1). */
export const MAX_JSON_DEPTH = 64;

export function textProblem(value: string): string | null {
  if (value.includes(NUL)) return "must not contain a NUL character (U+0000)";
  if (!(value as string & { isWellFormed(): boolean }).isWellFormed()) return "must not contain a lone UTF-16 surrogate (invalid Unicode)";
  return null;
}

type TPending = { value: unknown; path: string; depth: number };

/** The first string in `value` that breaks the rule, with its field path ("turns.2.text"), or null. */
export function findBadText(value: unknown, prefix = ""): TBadText | null {
  // Depth-first in document order: children are pushed in reverse so the first is popped first.
  const stack: TPending[] = [{ value, path: prefix, depth: 0 }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (stack.length > 0) {
    const { value: here, path, depth } = stack.pop()!;
    if (typeof here === "string") {
      const problem = textProblem(here);
      if (problem) return { field: path || "(root)", problem };
      continue;
    }
    if (!here || typeof here !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) return { field: prefix || "(root)", problem: `is nested more than ${MAX_JSON_DEPTH} levels deep (arrays and objects); send a flatter value` };
    if (Array.isArray(here)) {
      for (let i = here.length - 1; i >= 0; i--) stack.push({ value: here[i], path: join(path, String(i)), depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(here);
    for (const [key] of entries) {
      const keyProblem = textProblem(key);
      // A bad key is reported before the values of its object, as it comes first in the text.
      if (keyProblem) return { field: join(path, key).replace(/[\u0000\ud800-\udfff]/g, "\ufffd"), problem: `has a key that ${keyProblem}` };
    }
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: join(path, entries[i]![0]), depth: depth + 1 });
  }
  return null;
}

