// Pure: TDiff → unified diff text.
import type { TDiff, TDiffFile, TDiffHunk } from "./diff-schema";
import { quotePath } from "./quote-path";

/** Writes a diff back in git's unified format; hunk ranges are recomputed from the lines. */
export function serializeDiff(diff: TDiff): string {
  return diff.files.map(serializeFile).join("");
}

function serializeFile(file: TDiffFile): string {
  const oldPath = file.oldPath ?? file.newPath ?? "";
  const newPath = file.newPath ?? file.oldPath ?? "";
  const out = [`diff --git ${quotePath(`a/${oldPath}`)} ${quotePath(`b/${newPath}`)}`];
  if (file.status === "deleted" && file.oldMode !== undefined) out.push(`deleted file mode ${file.oldMode}`);
  else if (file.status === "added" && file.newMode !== undefined) out.push(`new file mode ${file.newMode}`);
  else if (file.oldMode !== undefined && file.newMode !== undefined) {
    out.push(`old mode ${file.oldMode}`, `new mode ${file.newMode}`);
  }
  if (file.similarity !== undefined) out.push(`similarity index ${file.similarity}%`);
  if (file.status === "renamed" || file.status === "copied") {
    const verb = file.status === "renamed" ? "rename" : "copy";
    out.push(`${verb} from ${quotePath(oldPath)}`, `${verb} to ${quotePath(newPath)}`);
  }
  if (file.dissimilarity !== undefined) out.push(`dissimilarity index ${file.dissimilarity}%`);
  if (file.index !== undefined) out.push(`index ${file.index}`);

  const oldMarker = file.oldPath === null ? "/dev/null" : quotePath(`a/${file.oldPath}`);
  const newMarker = file.newPath === null ? "/dev/null" : quotePath(`b/${file.newPath}`);
  if (file.binaryPatch) out.push("GIT binary patch", ...file.binaryPatch);
  else if (file.binary) out.push(`Binary files ${oldMarker} and ${newMarker} differ`);
  else if (file.hunks.length > 0) {
    // Like git, end a path containing a space with a tab so patch(1) reads it whole.
    const tab = (path: string | null) => (path?.includes(" ") ? "\t" : "");
    out.push(`--- ${oldMarker}${tab(file.oldPath)}`, `+++ ${newMarker}${tab(file.newPath)}`);
    for (const hunk of file.hunks) out.push(...serializeHunk(hunk));
  }
  return out.map((line) => `${line}\n`).join("");
}

function serializeHunk(hunk: TDiffHunk): string[] {
  const oldLines = hunk.lines.filter((l) => l.kind !== "add").length;
  const newLines = hunk.lines.filter((l) => l.kind !== "delete").length;
  const range = (start: number, count: number) => (count === 1 ? `${start}` : `${start},${count}`);
  const section = hunk.section === "" ? "" : ` ${hunk.section}`;
  const out = [`@@ -${range(hunk.oldStart, oldLines)} +${range(hunk.newStart, newLines)} @@${section}`];
  for (const line of hunk.lines) {
    out.push(`${line.kind === "add" ? "+" : line.kind === "delete" ? "-" : " "}${line.text}`);
    if (line.noNewlineAtEnd) out.push("\\ No newline at end of file");
  }
  return out;
}
