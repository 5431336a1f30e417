// Pure: which paths a unified diff touches, and which of them a run may not touch.
// It reads header lines only (no hunk is checked), so a diff git would refuse is still
// named path by path; git apply has its own checks, this one gives a clear, early refusal.
import { headerPaths } from "./diff-headers";
import { unquotePath } from "./quote-path";

const HEADER = /^(?:diff --git (.+)|--- (.+)|\+\+\+ (.+)|(?:rename|copy) (?:from|to) (.+))$/;

/** Every path named by a header line of the diff (prefixes a/ and b/ removed, /dev/null skipped). */
export function patchPaths(diff: string): string[] {
  const paths = new Set<string>();
  for (const line of diff.split(/\r?\n/)) {
    const match = HEADER.exec(line);
    if (!match) continue;
    const [, gitPair, minus, plus, renamed] = match;
    const found: (string | null)[] = [];
    if (gitPair !== undefined) {
      const pair = headerPaths(gitPair);
      if (pair) found.push(pair.oldPath, pair.newPath);
    } else if (renamed !== undefined) {
      found.push(unquotePath(renamed));
    } else {
      found.push(markerPath(minus ?? plus ?? ""));
    }
    for (const path of found) if (path && path !== "/dev/null") paths.add(path);
  }
  return [...paths];
}

/** The path of a `---`/`+++` line: unquoted, a GNU timestamp after a tab dropped, a/ or b/ removed. */
function markerPath(value: string): string | null {
  const path = value.startsWith('"') ? unquotePath(value.trim()) : (value.split("\t")[0] ?? "").trim();
  if (path === null) return null;
  return /^[ab]\//.test(path) ? path.slice(2) : path;
}

/** Why a relative path may not be written by a run or a history file, or null when it may. */
export function unsafePathReason(path: string): string | null {
  if (path.startsWith("/")) return `absolute path ${path}`;
  const parts = path.split(/[\\/]+/);
  if (parts.includes("..")) return `path ${path} leaves the workspace`;
  if (parts.some((p) => p.toLowerCase() === ".git")) return `path ${path} is inside .git/`;
  return null;
}

/** The first refusal for a patch, or null when every path it names is allowed. */
export function refusePatch(diff: string): string | null {
  for (const path of patchPaths(diff)) {
    const reason = unsafePathReason(path);
    if (reason) return `patch refused: ${reason}`;
  }
  return null;
}
