// Pure: regular expressions as the tests write them (JavaScript or Python syntax), compiled safely, with
// their anchors dropped for searching prose, and their literal core — the fixed text every match contains.

const cache = new Map<string, RegExp | null>();

/** Python-only syntax in JavaScript's words: `(?P<n>…)`, `(?P=n)`, `\A`, `\Z`, and a leading `(?i)`. */
function toJavaScript(pattern: string): { source: string; flags: string } {
  let flags = "";
  let source = pattern.replace(/^\(\?([aiLmsux]+)\)/, (_, f: string) => {
    flags += [...f].filter((c) => "ims".includes(c)).join("");
    return "";
  });
  source = source.replace(/\(\?P</g, "(?<").replace(/\(\?P=(\w+)\)/g, "\\k<$1>").replace(/\\A/g, "^").replace(/\\Z/g, "$");
  return { source, flags };
}

/** Leading `^` and trailing `$` removed: the pattern then finds its text anywhere (mid-sentence in a history). */
export function unanchored(pattern: string): string {
  let p = pattern.replace(/^\^/, "").replace(/^\\A/, "");
  if (/(^|[^\\])(\\\\)*\$$/.test(p)) p = p.slice(0, -1);
  return p.replace(/\\Z$/, "");
}

/** The pattern compiled, or null when it is not valid here; `anywhere` drops its anchors. */
export function compilePattern(pattern: string, flags: string | null | undefined, anywhere = false): RegExp | null {
  const key = `${anywhere ? 1 : 0}/${flags ?? ""}/${pattern}`;
  if (cache.has(key)) return cache.get(key)!;
  let re: RegExp | null = null;
  try {
    const js = toJavaScript(anywhere ? unanchored(pattern) : pattern);
    const all = [...new Set([...(flags ?? "").replace(/[gyd]/g, ""), ...js.flags])].join("");
    re = new RegExp(anywhere ? js.source.replace(/^\^/, "") : js.source, all);
  } catch {
    re = null;
  }
  if (cache.size > 5000) cache.clear();
  cache.set(key, re);
  return re;
}

/**
 * The fixed text every match of the pattern contains, in order (`/^Unknown option: \w+/` → ["Unknown option: "]).
 * Optional parts (`x?`, `(…)?`, `(a|b)`) contribute nothing; a pattern with alternatives at its top has no core.
 */
export function regexCore(pattern: string): string[] {
  const p = toJavaScript(pattern).source;
  const out: string[] = [];
  let cur = "";
  const groups: { start: number; alternation: boolean }[] = [];
  const flush = () => {
    if (cur.length > 0) out.push(cur);
    cur = "";
  };
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === "\\") {
      const n = p[i + 1] ?? "";
      i++;
      if (n === "n") cur += "\n";
      else if (n === "t") cur += "\t";
      else if (/[dDwWsSbBAZzGrfv0-9]/.test(n)) flush();
      else if (/[uxpPkc]/.test(n)) {
        flush();
        if (p[i + 1] === "{" || p[i + 1] === "<") i = Math.max(i, p.indexOf(p[i + 1] === "{" ? "}" : ">", i));
        else if (n === "x") i += 2;
        else if (n === "u") i += 4;
        else if (n === "c") i += 1;
      } else cur += n;
      continue;
    }
    if (c === "[") {
      flush();
      i++;
      if (p[i] === "^") i++;
      if (p[i] === "]") i++;
      while (i < p.length && p[i] !== "]") {
        if (p[i] === "\\") i++;
        i++;
      }
      continue;
    }
    if (c === "*" || c === "+" || c === "?" || (c === "{" && /^\{\d+(,\d*)?\}/.test(p.slice(i)))) {
      // The quantified character is optional (`?`, `*`, `{0,…}`) or repeated: either way not fixed text.
      cur = cur.slice(0, -1);
      flush();
      if (c === "{") i = p.indexOf("}", i);
      if (p[i + 1] === "?" || p[i + 1] === "+") i++;
      continue;
    }
    if (c === "(") {
      flush();
      groups.push({ start: out.length, alternation: false });
      const m = /^\(\?(?:[:=!>]|<[=!]|<[A-Za-z_]\w*>|[a-zA-Z-]+:)/.exec(p.slice(i));
      if (m) i += m[0].length - 1;
      continue;
    }
    if (c === ")") {
      flush();
      const g = groups.pop();
      const next = p[i + 1];
      const optional = next === "?" || next === "*" || (next === "{" && /^\{0/.test(p.slice(i + 1)));
      if (g && (g.alternation || optional)) out.length = g.start;
      continue;
    }
    if (c === "|") {
      if (groups.length === 0) return [];
      groups.at(-1)!.alternation = true;
      flush();
      continue;
    }
    if (c === "^" || c === "$" || c === ".") {
      flush();
      continue;
    }
    cur += c;
  }
  flush();
  return out.filter((s) => s.trim().length >= 3);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text holds every fragment of a core, in order, near each other (case-insensitively with `i`). */
export function holdsCore(text: string, core: readonly string[], flags: string | null | undefined): boolean {
  if (core.length === 0) return false;
  const re = new RegExp(core.map((f) => escape(f.trim())).join("[\\s\\S]{0,80}?"), (flags ?? "").includes("i") ? "i" : "");
  return re.test(text);
}
