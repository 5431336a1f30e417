// Pure: gitignore-flavoured path patterns, small enough to need no dependency:
//   "*.min.js"    no slash: matches the file name at any depth
//   "dist/"       trailing slash: a directory at any depth (anchored at the root if it has another slash)
//   "src/**/gen/*" inner slash: matched against the whole path from the root
//   "*" and "?" stop at "/", "**" crosses it, "{a,b}" is a choice.

const cache = new Map<string, RegExp>();

export function compilePathPattern(pattern: string): RegExp {
  const cached = cache.get(pattern);
  if (cached) return cached;
  const isDirectory = pattern.endsWith("/");
  let body = isDirectory ? pattern.slice(0, -1) : pattern;
  const anchored = body.includes("/");
  if (body.startsWith("/")) body = body.slice(1);
  const glob = globToRegExpSource(body);
  const prefix = anchored ? "^" : "^(?:.*/)?";
  const regex = new RegExp(`${prefix}${glob}${isDirectory ? "/.+" : ""}$`);
  cache.set(pattern, regex);
  return regex;
}

export function matchesPathPattern(path: string, pattern: string): boolean {
  return compilePathPattern(pattern).test(path);
}

export function matchesAnyPathPattern(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => matchesPathPattern(path, pattern));
}

function globToRegExpSource(glob: string): string {
  let out = "";
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === "*" && glob[i + 1] === "*") {
      const slashAfter = glob[i + 2] === "/";
      out += slashAfter ? "(?:.*/)?" : ".*";
      i += slashAfter ? 2 : 1;
    } else if (ch === "*") out += "[^/]*";
    else if (ch === "?") out += "[^/]";
    else if (ch === "{") {
      braces++;
      out += "(?:";
    } else if (ch === "}" && braces > 0) {
      braces--;
      out += ")";
    } else if (ch === "," && braces > 0) out += "|";
    else out += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return out;
}
