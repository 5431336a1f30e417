import "server-only";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import type { TDiffFile } from "@/lib/git/diff";
import { diffFileSelect, toDiffFileDto } from "./diff-file-select";
import { mirrorForContents, readFileAt } from "./file-contents";
import { findDiffFile, loadParsedDiff } from "./parsed-diff";

/** Lines of diff sent for the plain view of one file; Monaco gets the whole file texts. */
export const MAX_DIFF_LINES = 20_000;

export type TViewLine = { kind: "context" | "add" | "delete"; text: string; oldLine: number | null; newLine: number | null };
export type TViewHunk = { index: number; header: string; oldStart: number; oldLines: number; newStart: number; newLines: number; lines: TViewLine[] };

/** One diff file for the viewer: the slice decisions, the hunks with line numbers, and the file at base and merge. */
export async function getDiffFile(familyId: string, fileId: string, options: { contents: boolean }) {
  const row = await db().diffFile.findFirst({
    where: { id: fileId, familyId },
    select: { ...diffFileSelect, family: { select: { repo: true, baseCommit: true, mergeCommit: true } } },
  });
  if (!row) throw notFound("Diff file", fileId);
  const { family, ...file } = row;
  const parsed = await loadParsedDiff(familyId);
  const diffFile = parsed?.diff ? findDiffFile(parsed.diff, file) : null;
  const notes: string[] = [];
  if (!parsed || parsed.bytes === 0) notes.push("The raw diff of this pull request was not captured; only the file list is known.");
  else if (parsed.error) notes.push(`The stored diff cannot be read (line ${parsed.error.line}: ${parsed.error.message}).`);

  const { hunks, truncated } = diffFile && !file.binary ? viewHunks(diffFile) : { hunks: [], truncated: false };
  if (truncated) notes.push(`The plain view shows the first ${MAX_DIFF_LINES.toLocaleString("en")} lines of this file's diff.`);

  let original: string | null = null;
  let modified: string | null = null;
  let contentNote: string | null = null;
  if (file.binary) contentNote = "Binary file: its contents are not shown.";
  else if (options.contents) {
    const opened = await mirrorForContents(family.repo);
    if ("unavailable" in opened) contentNote = `File contents unavailable: ${opened.unavailable}.`;
    else {
      const status = diffFile?.status ?? "modified";
      const [before, after] = await Promise.all([
        status === "added" ? { text: "" } : readFileAt(opened.mirror, family.baseCommit, file.oldPath ?? file.path),
        status === "deleted" ? { text: "" } : readFileAt(opened.mirror, family.mergeCommit, file.path),
      ]);
      if ("text" in before && "text" in after) {
        original = before.text;
        modified = after.text;
      } else {
        contentNote = `File contents unavailable: ${"unavailable" in before ? before.unavailable : ""}${"unavailable" in after ? `${"unavailable" in before ? "; " : ""}${after.unavailable}` : ""}.`;
      }
    }
  }
  return {
    file: toDiffFileDto(file),
    status: diffFile?.status ?? null,
    hunks,
    notes,
    original,
    modified,
    contentNote,
    language: languageOf(file.path),
  };
}

function viewHunks(file: TDiffFile): { hunks: TViewHunk[]; truncated: boolean } {
  let budget = MAX_DIFF_LINES;
  let truncated = false;
  const hunks = file.hunks.map((hunk, index): TViewHunk => {
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    const lines: TViewLine[] = [];
    for (const line of hunk.lines) {
      if (budget <= 0) {
        truncated = true;
        break;
      }
      budget--;
      lines.push({
        kind: line.kind,
        text: line.text,
        oldLine: line.kind === "add" ? null : oldLine++,
        newLine: line.kind === "delete" ? null : newLine++,
      });
    }
    const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
    return {
      index,
      header: `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@${hunk.section ? ` ${hunk.section}` : ""}`,
      oldStart: hunk.oldStart, oldLines: hunk.oldLines, newStart: hunk.newStart, newLines: hunk.newLines,
      lines,
    };
  });
  return { hunks, truncated };
}

const LANGUAGES: Record<string, string> = {
  js: "javascript", mjs: "javascript", cjs: "javascript", jsx: "javascript", ts: "typescript", tsx: "typescript", mts: "typescript",
  py: "python", rb: "ruby", go: "go", rs: "rust", java: "java", kt: "kotlin", scala: "scala", cs: "csharp", c: "c", h: "c",
  cc: "cpp", cpp: "cpp", hpp: "cpp", php: "php", swift: "swift", json: "json", md: "markdown", yml: "yaml", yaml: "yaml",
  toml: "ini", ini: "ini", css: "css", scss: "scss", html: "html", xml: "xml", sql: "sql", sh: "shell", bash: "shell",
};

function languageOf(path: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase() ?? "";
  return LANGUAGES[ext] ?? "plaintext";
}
