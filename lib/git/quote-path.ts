// Pure: Git writes paths with control characters, quotes or backslashes as C-style
// quoted strings ("a/tab\there", octal escapes for raw bytes). We read both
// forms and write the quoted form only when a path needs it.

const ESCAPES: Record<string, number> = {
  a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92,
};

/** Reads a quoted path starting at `text[start] === '"'`; returns it and the index after the closing quote. */
export function readQuotedPath(text: string, start: number): { path: string; end: number } | null {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '"') {
      return { path: new TextDecoder().decode(new Uint8Array(bytes)), end: i + 1 };
    }
    if (ch === "\\") {
      const next = text[i + 1];
      if (next === undefined) return null;
      if (/[0-7]/.test(next)) {
        const octal = text.slice(i + 1, i + 4);
        if (!/^[0-7]{3}$/.test(octal)) return null;
        bytes.push(parseInt(octal, 8));
        i += 4;
        continue;
      }
      const code = ESCAPES[next];
      if (code === undefined) return null;
      bytes.push(code);
      i += 2;
      continue;
    }
    const cp = text.codePointAt(i)!;
    const char = String.fromCodePoint(cp);
    bytes.push(...encoder.encode(char));
    i += char.length;
  }
  return null;
}

/** Unquotes a whole token if it is quoted, otherwise returns it unchanged. */
export function unquotePath(token: string): string | null {
  if (!token.startsWith('"')) return token;
  const read = readQuotedPath(token, 0);
  return read && read.end === token.length ? read.path : null;
}

// Control characters (including tab and newline), double quote and backslash.
const NEEDS_QUOTING = /[\u0000-\u001f"\\\u007f]/;

export function quotePath(path: string): string {
  if (!NEEDS_QUOTING.test(path)) return path;
  let out = '"';
  for (const ch of path) {
    const code = ch.codePointAt(0)!;
    const named = Object.entries(ESCAPES).find(([, value]) => value === code);
    if (named) out += "\\" + named[0];
    else if (code < 0x20 || code === 0x7f) out += "\\" + code.toString(8).padStart(3, "0");
    else out += ch;
  }
  return out + '"';
}
