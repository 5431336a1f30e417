// Pure: pure rules for a patch text, before git sees it: it parses as a unified diff,
// it changes something, and a negative is not the gold patch over again.
import { diffFilePath, safeParseDiff, serializeDiff, type TDiff, type TDiffHunk } from "@/lib/git/diff";
import type { TPatchProblem } from "@/lib/schemas/patches";

export type TPatchTextCheck = { ok: true; diff: TDiff } | { ok: false; problem: TPatchProblem };

export function checkPatchText(text: string): TPatchTextCheck {
  if (text.trim() === "") return { ok: false, problem: { rule: "empty", message: "The patch is empty; paste a unified diff against the base commit." } };
  const parsed = safeParseDiff(text.endsWith("\n") ? text : `${text}\n`);
  if (!parsed.ok) {
    return { ok: false, problem: { rule: "malformed", line: parsed.error.line, message: `The patch is not a valid unified diff (line ${parsed.error.line}: ${parsed.error.message}).` } };
  }
  if (parsed.diff.files.length === 0) {
    return { ok: false, problem: { rule: "malformed", line: 1, message: "The patch holds no file changes: a unified diff starts with “diff --git a/… b/…” or “--- a/…” lines." } };
  }
  const changes = parsed.diff.files.some((f) => f.hunks.length > 0 || f.binary || f.status !== "modified" || f.oldMode !== f.newMode);
  if (!changes) return { ok: false, problem: { rule: "empty", message: "The patch changes nothing: it has no hunks." } };
  return { ok: true, diff: parsed.diff };
}

/** What a diff changes, without the parts git writes differently each time (index lines, hunk sections). */
export function changeKey(diff: TDiff): string {
  const files = diff.files.map((f) => ({
    oldPath: f.oldPath, newPath: f.newPath, status: f.status, binary: f.binary, binaryPatch: f.binaryPatch ?? null, newMode: f.newMode ?? null,
    hunks: f.hunks.map((h) => ({ oldStart: h.oldStart, newStart: h.newStart, lines: h.lines.map((l) => `${l.kind[0]}${l.text}${l.noNewlineAtEnd ? "\\" : ""}`) })),
  }));
  files.sort((a, b) => (a.newPath ?? a.oldPath ?? "").localeCompare(b.newPath ?? b.oldPath ?? ""));
  return JSON.stringify(files);
}

/** A negative must differ from gold, or it removes or reverses nothing ("empty negative"). */
export function checkNegativeAgainstGold(negative: TDiff, gold: TDiff | null): TPatchProblem | null {
  if (gold === null || changeKey(negative) !== changeKey(gold)) return null;
  return {
    rule: "empty_negative",
    message: "Empty negative: this patch is identical to the gold patch, so it removes or reverses nothing. Change the lines that implement the target atom.",
  };
}

/** The files a patch needs in the base: every path it modifies, deletes, renames or copies from. */
export function pathsNeededInBase(diff: TDiff): string[] {
  return [...new Set(diff.files.filter((f) => f.status !== "added" && f.oldPath !== null).map((f) => f.oldPath!))];
}

/** The files a patch creates: they must not exist in the base yet. */
export function pathsCreated(diff: TDiff): string[] {
  return diff.files.filter((f) => f.status === "added" && f.newPath !== null).map((f) => f.newPath!);
}

/**
 * git apply names the hunk it could not place as `error: patch failed: <path>:<line>`,
 * where <line> is the hunk's start in the old file. Returns that hunk as text.
 */
export function failingHunk(diff: TDiff, gitStderr: string): { file: string; line: number; hunk: string } | null {
  const match = /patch failed: (.+):(\d+)\s*$/m.exec(gitStderr);
  if (!match) return null;
  const file = match[1]!;
  const line = Number(match[2]);
  const entry = diff.files.find((f) => f.oldPath === file || f.newPath === file || diffFilePath(f) === file);
  const hunk = entry?.hunks.find((h) => h.oldStart === line) ?? entry?.hunks.find((h) => h.oldStart <= line && line < h.oldStart + Math.max(h.oldLines, 1));
  if (!entry || !hunk) return { file, line, hunk: "" };
  return { file, line, hunk: hunkText(hunk) };
}

function hunkText(hunk: TDiffHunk): string {
  // serializeDiff writes headers for a file; cut the hunk out of a one-hunk file instead of rewriting the format.
  const text = serializeDiff({ files: [{ oldPath: "x", newPath: "x", status: "modified", binary: false, hunks: [hunk], additions: 0, deletions: 0 }] });
  return text.slice(text.indexOf("@@"));
}

export function diffStats(diff: TDiff) {
  return {
    files: diff.files.length,
    additions: diff.files.reduce((n, f) => n + f.additions, 0),
    deletions: diff.files.reduce((n, f) => n + f.deletions, 0),
  };
}
