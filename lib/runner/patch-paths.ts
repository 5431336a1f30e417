// Pure: which paths a unified diff touches, and which of them a run may not touch.
// git apply has its own checks; this one gives a clear, early refusal.

const HEADER = /^(?:diff --git (.+)|--- (.+)|\+\+\+ (.+)|(?:rename|copy) (?:from|to) (.+))$/;

/** Every path named by a header line of the diff (prefixes a/ and b/ removed, /dev/null skipped). */
export function patchPaths(diff: string): string[] {
  const paths = new Set<string>();
  for (const line of diff.split(/\r?\n/)) {
    const match = HEADER.exec(line);
    if (!match) continue;
    const [, gitPair, minus, plus, renamed] = match;
    const candidates = gitPair ? splitGitPair(gitPair) : [minus ?? plus ?? renamed ?? ""];
    for (const candidate of candidates) {
      const path = stripPrefix(unquote(candidate.split("\t")[0]?.trim() ?? ""), minus !== undefined || plus !== undefined || gitPair !== undefined);
      if (path !== "" && path !== "/dev/null") paths.add(path);
    }
  }
  return [...paths];
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

function splitGitPair(pair: string): string[] {
  // `a/x b/y`; a path containing " b/" splits wrongly here, but the ---/+++ or
  // rename lines that follow name it exactly.
  const quoted = /^("(?:[^"\\]|\\.)*")\s+("(?:[^"\\]|\\.)*"|\S.*)$/.exec(pair);
  if (quoted) return [quoted[1] ?? "", quoted[2] ?? ""];
  const at = pair.indexOf(" b/");
  return at < 0 ? [pair] : [pair.slice(0, at), pair.slice(at + 1)];
}

function stripPrefix(path: string, prefixed: boolean): string {
  return prefixed && /^[ab]\//.test(path) ? path.slice(2) : path;
}

function unquote(path: string): string {
  if (!path.startsWith('"') || !path.endsWith('"')) return path;
  return path.slice(1, -1).replace(/\\(.)/g, (_, c: string) => ({ n: "\n", t: "\t" })[c] ?? c);
}
