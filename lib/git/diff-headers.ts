// Pure: the paths a git file header names, read once for the diff parser and the patch check.
import { readQuotedPath, unquotePath } from "./quote-path";

/** `a/old b/new` after "diff --git " (either side maybe quoted); the a/ and b/ prefixes removed. */
export function headerPaths(rest: string): { oldPath: string; newPath: string } | null {
  const strip = (path: string, prefix: string) => (path.startsWith(prefix) ? path.slice(prefix.length) : path);
  let oldToken: string | null;
  let newToken: string | null;
  if (rest.startsWith('"')) {
    const read = readQuotedPath(rest, 0);
    if (!read || rest[read.end] !== " ") return null;
    oldToken = read.path;
    newToken = unquotePath(rest.slice(read.end + 1));
  } else if (rest.endsWith('"') && rest.includes(' "')) {
    const split = rest.indexOf(' "');
    oldToken = rest.slice(0, split);
    newToken = unquotePath(rest.slice(split + 1));
  } else {
    // Unquoted paths may contain " b/"; the same path on both sides is the common case.
    const half = (rest.length - 1) / 2;
    const left = rest.slice(0, half);
    const right = rest.slice(half + 1);
    if (Number.isInteger(half) && rest[half] === " " && left.startsWith("a/") && right.startsWith("b/") && left.slice(2) === right.slice(2)) {
      return { oldPath: left.slice(2), newPath: right.slice(2) };
    }
    const split = rest.indexOf(" b/");
    if (split < 0) return null;
    oldToken = rest.slice(0, split);
    newToken = rest.slice(split + 1);
  }
  if (oldToken === null || newToken === null) return null;
  return { oldPath: strip(oldToken, "a/"), newPath: strip(newToken, "b/") };
}
