// Pure: unified diff text → TDiff.
import { DiffParseError, type TDiff, type TDiffFile, type TDiffHunk } from "./diff-schema";
import { readQuotedPath, unquotePath } from "./quote-path";
import { headerPaths } from "./diff-headers";

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

type Lines = readonly string[];

// Plain (non-git) diffs carry no modes; a new or deleted file is taken to be a regular one.
const DEFAULT_MODE = "100644";

/**
 * Parses a unified diff (git format, or plain `---`/`+++` files). Text before the first
 * file header (a commit message, a format-patch preamble) is ignored; anything malformed
 * after it raises a DiffParseError naming the 1-based line.
 */
export function parseDiff(text: string): TDiff {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  const files: TDiffFile[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.startsWith("diff --git ")) {
      i = readGitFile(lines, i, files);
    } else if (line.startsWith("diff --cc ") || line.startsWith("diff --combined ")) {
      throw new DiffParseError(i + 1, "combined diffs of merge commits are not supported; diff against one parent");
    } else if (line.startsWith("--- ") && lines[i + 1]?.startsWith("+++ ")) {
      i = readPlainFile(lines, i, files);
    } else if (line.startsWith("@@")) {
      throw new DiffParseError(i + 1, files.length === 0
        ? "hunk header before any file header"
        : "hunk header without a '---'/'+++' file header");
    } else if (files.length === 0 || line.trim() === "") {
      i++; // preamble, or a blank separator line
    } else if (line === "-- ") {
      break; // format-patch signature ("-- " then the git version)
    } else {
      const overflow = files.at(-1)!.hunks.length > 0 && /^[ +-]/.test(line);
      throw new DiffParseError(i + 1, overflow
        ? "more lines than the previous hunk header declares"
        : `unexpected line "${clip(line)}": expected "diff --git", "---" or "@@"`);
    }
  }
  return { files };
}

function readGitFile(lines: Lines, start: number, files: TDiffFile[]): number {
  const header = headerPaths(lines[start]!.slice("diff --git ".length));
  const file = emptyFile(header?.oldPath ?? null, header?.newPath ?? null);
  let renameFrom: string | undefined;
  let renameTo: string | undefined;
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const value = (prefix: string) => line.slice(prefix.length);
    const path = (prefix: string) => {
      const unquoted = unquotePath(value(prefix));
      if (unquoted === null) throw new DiffParseError(i + 1, `badly quoted path in "${clip(line)}"`);
      return unquoted;
    };
    const percent = (prefix: string) => {
      const match = /^(\d{1,3})%$/.exec(value(prefix));
      if (!match) throw new DiffParseError(i + 1, `expected a percentage in "${clip(line)}"`);
      return Number(match[1]);
    };
    if (line.startsWith("old mode ")) file.oldMode = value("old mode ");
    else if (line.startsWith("new mode ")) file.newMode = value("new mode ");
    else if (line.startsWith("deleted file mode ")) {
      file.oldMode = value("deleted file mode ");
      file.status = "deleted";
    } else if (line.startsWith("new file mode ")) {
      file.newMode = value("new file mode ");
      file.status = "added";
    } else if (line.startsWith("rename from ") || line.startsWith("copy from ")) {
      file.status = line.startsWith("rename") ? "renamed" : "copied";
      renameFrom = path(line.startsWith("rename") ? "rename from " : "copy from ");
    } else if (line.startsWith("rename to ") || line.startsWith("copy to ")) {
      renameTo = path(line.startsWith("rename") ? "rename to " : "copy to ");
    } else if (line.startsWith("similarity index ")) file.similarity = percent("similarity index ");
    else if (line.startsWith("dissimilarity index ")) file.dissimilarity = percent("dissimilarity index ");
    else if (line.startsWith("index ")) file.index = value("index ");
    else break;
  }

  const line = lines[i];
  if (line?.startsWith("Binary files ")) {
    file.binary = true;
    if (line.startsWith("Binary files /dev/null and ")) file.status = "added";
    if (line.endsWith(" and /dev/null differ")) file.status = "deleted";
    i++;
  } else if (line === "GIT binary patch") {
    file.binary = true;
    const end = findIndex(lines, i + 1, (l) => l.startsWith("diff --git ") || l === "-- ");
    file.binaryPatch = lines.slice(i + 1, end);
    i = end;
  } else {
    if (line?.startsWith("--- ")) i = readMarkers(lines, i, file);
    i = readHunks(lines, i, file);
  }

  if (renameFrom !== undefined) file.oldPath = renameFrom;
  if (renameTo !== undefined) file.newPath = renameTo;
  if (file.oldPath === null && file.newPath === null) {
    throw new DiffParseError(start + 1, `cannot read the file paths from "${clip(lines[start]!)}"`);
  }
  files.push(finish(file));
  return i;
}

function readPlainFile(lines: Lines, start: number, files: TDiffFile[]): number {
  const file = emptyFile(null, null);
  let i = readMarkers(lines, start, file);
  i = readHunks(lines, i, file);
  files.push(finish(file));
  return i;
}

/** Reads the "--- old" / "+++ new" pair at `start`; /dev/null on either side marks an added or deleted file. */
function readMarkers(lines: Lines, start: number, file: TDiffFile): number {
  const plus = lines[start + 1];
  if (!plus?.startsWith("+++ ")) {
    throw new DiffParseError(start + 2, "expected a '+++' line after the '---' line");
  }
  const oldPath = markerPath(lines[start]!.slice(4), "a/", start);
  const newPath = markerPath(plus.slice(4), "b/", start + 1);
  if (oldPath === null) file.status = "added";
  else file.oldPath = oldPath;
  if (newPath === null) file.status = "deleted";
  else file.newPath = newPath;
  return start + 2;
}

function markerPath(value: string, prefix: string, index: number): string | null {
  let path: string;
  if (value.startsWith('"')) {
    const read = readQuotedPath(value, 0);
    if (!read) throw new DiffParseError(index + 1, `badly quoted path "${clip(value)}"`);
    path = read.path;
  } else {
    // An unquoted tab starts a timestamp (GNU diff); git quotes paths that contain tabs.
    const tab = value.indexOf("\t");
    path = tab >= 0 ? value.slice(0, tab) : value;
  }
  if (path === "/dev/null") return null;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

function readHunks(lines: Lines, start: number, file: TDiffFile): number {
  let i = start;
  while (lines[i]?.startsWith("@@")) {
    i = readHunk(lines, i, file.hunks);
  }
  return i;
}

function readHunk(lines: Lines, start: number, hunks: TDiffHunk[]): number {
  const header = lines[start]!;
  const match = HUNK_HEADER.exec(header);
  if (!match) {
    throw new DiffParseError(start + 1, `malformed hunk header "${clip(header)}": expected "@@ -start,count +start,count @@"`);
  }
  const hunk: TDiffHunk = {
    oldStart: Number(match[1]),
    oldLines: match[2] === undefined ? 1 : Number(match[2]),
    newStart: Number(match[3]),
    newLines: match[4] === undefined ? 1 : Number(match[4]),
    section: match[5] ?? "",
    lines: [],
  };
  let oldLeft = hunk.oldLines;
  let newLeft = hunk.newLines;
  const missing = () => `${oldLeft} old and ${newLeft} new line(s) still expected by "${clip(header)}"`;
  let i = start + 1;
  while (oldLeft > 0 || newLeft > 0) {
    const line = lines[i];
    if (line === undefined) throw new DiffParseError(i, `the diff ends inside a hunk: ${missing()}`);
    // Editors strip the lone space of an empty context line; read it as context.
    const tag = line === "" ? " " : line[0];
    const text = line.slice(1);
    if (tag === "\\") {
      markNoNewline(hunk, i);
    } else if (tag === " " && oldLeft > 0 && newLeft > 0) {
      hunk.lines.push({ kind: "context", text });
      oldLeft--;
      newLeft--;
    } else if (tag === "+" && newLeft > 0) {
      hunk.lines.push({ kind: "add", text });
      newLeft--;
    } else if (tag === "-" && oldLeft > 0) {
      hunk.lines.push({ kind: "delete", text });
      oldLeft--;
    } else if (tag === " " || tag === "+" || tag === "-") {
      throw new DiffParseError(i + 1, `more ${tag === "+" ? "added" : tag === "-" ? "deleted" : "context"} lines than the hunk header declares (${missing()})`);
    } else {
      throw new DiffParseError(i + 1, `unexpected line "${clip(line)}" in a hunk: lines start with " ", "+", "-" or "\\" (${missing()})`);
    }
    i++;
  }
  if (lines[i]?.startsWith("\\")) {
    markNoNewline(hunk, i);
    i++;
  }
  hunks.push(hunk);
  return i;
}

function markNoNewline(hunk: TDiffHunk, index: number): void {
  const last = hunk.lines.at(-1);
  if (!last) throw new DiffParseError(index + 1, `"\\ No newline at end of file" does not follow a line`);
  last.noNewlineAtEnd = true;
}


function emptyFile(oldPath: string | null, newPath: string | null): TDiffFile {
  return { oldPath, newPath, status: "modified", binary: false, hunks: [], additions: 0, deletions: 0 };
}

// One canonical shape per change, so that parse(serialize(parse(x))) equals parse(x):
// an added file has only a new side, a deleted one only an old side, and modes come in pairs.
function finish(file: TDiffFile): TDiffFile {
  if (file.status === "added") {
    file.oldPath = null;
    delete file.oldMode;
    file.newMode ??= DEFAULT_MODE;
  } else if (file.status === "deleted") {
    file.newPath = null;
    delete file.newMode;
    file.oldMode ??= DEFAULT_MODE;
  } else if (file.oldMode === undefined || file.newMode === undefined) {
    delete file.oldMode;
    delete file.newMode;
  }
  for (const hunk of file.hunks) {
    for (const line of hunk.lines) {
      if (line.kind === "add") file.additions++;
      if (line.kind === "delete") file.deletions++;
    }
  }
  return file;
}

function findIndex(lines: Lines, from: number, predicate: (line: string) => boolean): number {
  for (let i = from; i < lines.length; i++) if (predicate(lines[i]!)) return i;
  return lines.length;
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
