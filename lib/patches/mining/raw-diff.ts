// Pure: a unified diff as lines the miner can take apart and put back together —
// files, hunks, change blocks — and the post-image gold leaves a file in. Hunk headers
// are recomputed on output, so a candidate that drops or rewrites lines still applies
// with `git apply` (exact context, no fuzz).

export type TRawLine = { kind: " " | "+" | "-"; text: string; noEol?: boolean };
export type TRawHunk = { oldStart: number; section: string; lines: TRawLine[] };
export type TRawFile = { header: string[]; path: string; isNew: boolean; isDeleted: boolean; hunks: TRawHunk[] };

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$/;

/** Parses a unified (git) diff; null when it is not one. */
export function parseRawDiff(text: string): TRawFile[] | null {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  if (lines.at(-1) === "") lines.pop();
  const files: TRawFile[] = [];
  let file: TRawFile | null = null;
  let hunk: TRawHunk | null = null;
  // Lines of the current hunk still to read, by its header: a removed "-- x" line is not a file header.
  let oldLeft = 0;
  let newLeft = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const inHunk = hunk !== null && (oldLeft > 0 || newLeft > 0);
    if (line.startsWith("\\") && hunk) {
      const last = hunk.lines.at(-1);
      if (last) last.noEol = true;
      continue;
    }
    if (!inHunk) {
      const startsFile = line.startsWith("diff --git ") || (line.startsWith("--- ") && lines[i + 1]?.startsWith("+++ ") && (file === null || hunk !== null));
      if (startsFile) {
        file = { header: [], path: "", isNew: false, isDeleted: false, hunks: [] };
        files.push(file);
        hunk = null;
      }
      if (!file) continue;
      const m = HUNK.exec(line);
      if (m) {
        hunk = { oldStart: Number(m[1]), section: m[5] ?? "", lines: [] };
        oldLeft = m[2] === undefined ? 1 : Number(m[2]);
        newLeft = m[4] === undefined ? 1 : Number(m[4]);
        file.hunks.push(hunk);
        continue;
      }
      if (hunk) return null; // text after a hunk that is neither a hunk nor a file
      file.header.push(line);
      const target = line.slice(4).trim();
      if (line.startsWith("+++ ")) {
        if (target === "/dev/null") file.isDeleted = true;
        else file.path = target.replace(/^b\//, "");
      } else if (line.startsWith("--- ")) {
        if (target === "/dev/null") file.isNew = true;
        else if (!file.path) file.path = target.replace(/^a\//, "");
      } else if (line.startsWith("new file mode")) file.isNew = true;
      else if (line.startsWith("deleted file mode")) file.isDeleted = true;
      continue;
    }
    const kind = line === "" ? " " : line[0];
    if (kind !== "+" && kind !== "-" && kind !== " ") return null;
    hunk!.lines.push({ kind, text: line.slice(1) });
    if (kind !== "+") oldLeft--;
    if (kind !== "-") newLeft--;
  }
  if (files.length === 0) return null;
  for (const f of files) {
    if (f.isDeleted) {
      const minus = f.header.find((l) => l.startsWith("--- "));
      if (minus) f.path = minus.slice(4).trim().replace(/^a\//, "");
    }
  }
  return files;
}

const changes = (h: TRawHunk) => h.lines.some((l) => l.kind !== " ");

/** Writes files back as a diff, recomputing every hunk header; hunks without a change and files without a hunk are left out. */
export function serializeRawDiff(files: readonly TRawFile[]): string {
  const out: string[] = [];
  for (const file of files) {
    const hunks = file.hunks.filter(changes);
    if (hunks.length === 0) continue;
    out.push(...file.header);
    let delta = 0;
    for (const h of hunks) {
      const oldCount = h.lines.filter((l) => l.kind !== "+").length;
      const newCount = h.lines.filter((l) => l.kind !== "-").length;
      let newStart = (oldCount === 0 ? h.oldStart + 1 : h.oldStart) + delta;
      if (newCount === 0) newStart -= 1;
      out.push(`@@ -${h.oldStart},${oldCount} +${newStart},${newCount} @@${h.section ? ` ${h.section}` : ""}`);
      for (const l of h.lines) {
        out.push(`${l.kind}${l.text}`);
        if (l.noEol) out.push("\\ No newline at end of file");
      }
      delta += newCount - oldCount;
    }
  }
  return out.length === 0 ? "" : `${out.join("\n")}\n`;
}

/** Maximal runs of changed lines in a hunk, as [first, last] line indexes. */
export function changeBlocks(h: TRawHunk): [number, number][] {
  const blocks: [number, number][] = [];
  let start = -1;
  h.lines.forEach((l, i) => {
    if (l.kind !== " " && start < 0) start = i;
    if (l.kind === " " && start >= 0) {
      blocks.push([start, i - 1]);
      start = -1;
    }
  });
  if (start >= 0) blocks.push([start, h.lines.length - 1]);
  return blocks;
}

/** Where each line of gold's post-image comes from: an added line's hunk and index, or null (kept from the base). */
export type TPostLine = { hunk: number; index: number } | null;

/**
 * The file as gold leaves it, and for each of its lines whether gold added it.
 * `base` is the file's text in the base commit ("" for a file gold creates).
 */
export function postImage(file: TRawFile, base: string): { text: string; origin: TPostLine[] } {
  const baseLines = base === "" ? [] : base.replace(/\n$/, "").split("\n");
  const out: string[] = [];
  const origin: TPostLine[] = [];
  let cursor = 0; // next base line (0-based) not yet copied
  file.hunks.forEach((h, hi) => {
    const start = h.lines.some((l) => l.kind !== "+") ? h.oldStart - 1 : h.oldStart;
    while (cursor < start && cursor < baseLines.length) {
      out.push(baseLines[cursor++]!);
      origin.push(null);
    }
    h.lines.forEach((l, li) => {
      if (l.kind === "-") cursor++;
      else if (l.kind === " ") {
        out.push(l.text);
        origin.push(null);
        cursor++;
      } else {
        out.push(l.text);
        origin.push({ hunk: hi, index: li });
      }
    });
  });
  while (cursor < baseLines.length) {
    out.push(baseLines[cursor++]!);
    origin.push(null);
  }
  return { text: out.length === 0 ? "" : `${out.join("\n")}\n`, origin };
}

/** A deep copy, so one candidate's edit never reaches gold or another candidate. */
export const cloneFiles = (files: readonly TRawFile[]): TRawFile[] =>
  files.map((f) => ({ ...f, header: [...f.header], hunks: f.hunks.map((h) => ({ ...h, lines: h.lines.map((l) => ({ ...l })) })) }));
