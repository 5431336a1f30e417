// Pure: candidate negative patches mined from gold itself. Each is gold with one
// small part taken back — one hunk, one change block, one line (statement) reverted —
// or gold with one tree-sitter mutant of its added code. Calibration then tells which
// fail exactly one atom's probes (lib/patches/mining/selective.ts).
import { rowsOf } from "@/lib/syntax/rows";
import type { TSyntaxNode } from "@/lib/syntax/types";
import { changeBlocks, cloneFiles, serializeRawDiff, type TPostLine, type TRawFile, type TRawLine } from "./raw-diff";
import { editRows, mutantEdits, type TEdit, type TMutantOperator } from "./mutants";

export type TCandidateOperator = "revert_file" | "revert_hunk" | "revert_block" | "revert_line" | "drop_line" | TMutantOperator;
export type TCandidate = { operator: TCandidateOperator; file: string; line: number | null; description: string; diff: string; size: number };
export type TMiningFile = { post: { text: string; origin: TPostLine[] }; tree: { root: TSyntaxNode; python: boolean } | null };

/** How many candidates one mining run tries at most, smallest first (each is one calibration run). */
export const DEFAULT_CANDIDATE_LIMIT = 40;

const ORDER: TCandidateOperator[] = ["negate_comparison", "drop_condition", "drop_operand", "drop_argument", "unwrap_call", "return_early", "revert_line", "drop_line", "revert_block", "revert_hunk", "revert_file"];

/** A line worth dropping alone: code, not a brace, a blank or a block opener whose body would be orphaned. */
const droppable = (text: string) => /[A-Za-z0-9_]/.test(text) && !/[:{(\[]\s*$/.test(text) && !/^\s*(\/\/|#|\/\*|\*|"""|''')/.test(text) && !/^\s*[}\])]/.test(text);

function revertLines(files: TRawFile[], f: number, h: number, keep: (index: number) => boolean) {
  const hunk = files[f]!.hunks[h]!;
  hunk.lines = hunk.lines.flatMap((l, i) => keep(i) ? [l] : l.kind === "+" ? [] : l.kind === "-" ? [{ ...l, kind: " " as const }] : [l]);
}

/** The new-file line number (1-based) of a hunk's line, for the candidate's description. */
function newLineOf(file: TRawFile, h: number, index: number): number {
  let delta = 0;
  for (let k = 0; k < h; k++) delta += file.hunks[k]!.lines.filter((l) => l.kind === "+").length - file.hunks[k]!.lines.filter((l) => l.kind === "-").length;
  const hunk = file.hunks[h]!;
  let line = (hunk.lines.some((l) => l.kind !== "+") ? hunk.oldStart : hunk.oldStart + 1) + delta;
  for (let i = 0; i < index; i++) if (hunk.lines[i]!.kind !== "-") line++;
  return line;
}

/** Gold with an edit of its post-image applied to the added lines it touches; null when it touches a line gold did not add. */
export function applyEdit(gold: readonly TRawFile[], f: number, post: TMiningFile["post"], edit: Pick<TEdit, "start" | "end" | "text">): TRawFile[] | null {
  const [r0, r1] = editRows(post.text, edit);
  const origins = post.origin.slice(r0, r1 + 1);
  if (origins.length !== r1 - r0 + 1 || origins.some((o) => o === null)) return null;
  const first = origins[0]!;
  if (origins.some((o, k) => o!.hunk !== first.hunk || o!.index !== first.index + k)) return null;
  const { starts } = rowsOf(post.text);
  const from = starts[r0]!;
  const to = (starts[r1 + 1] ?? post.text.length + 1) - 1;
  const segment = post.text.slice(from, to);
  const rewritten = segment.slice(0, edit.start - from) + edit.text + segment.slice(edit.end - from);
  if (rewritten === segment) return null;
  const files = cloneFiles(gold);
  const hunk = files[f]!.hunks[first.hunk]!;
  const noEol = hunk.lines[first.index + origins.length - 1]!.noEol;
  const lines: TRawLine[] = rewritten.split("\n").map((text) => ({ kind: "+" as const, text }));
  if (noEol) lines[lines.length - 1]!.noEol = true;
  hunk.lines.splice(first.index, origins.length, ...lines);
  return files;
}

/** Every candidate, smallest first, without duplicates, gold itself or an empty patch; at most `limit`. */
export function mineCandidates(gold: readonly TRawFile[], mining: ReadonlyMap<string, TMiningFile>, limit = DEFAULT_CANDIDATE_LIMIT): { candidates: TCandidate[]; generated: number } {
  const out: TCandidate[] = [];
  const add = (files: TRawFile[] | null, c: Omit<TCandidate, "diff">) => {
    if (files) out.push({ ...c, diff: serializeRawDiff(files) });
  };
  const hunkCount = gold.reduce((n, f) => n + f.hunks.length, 0);
  gold.forEach((file, f) => {
    if (gold.length > 1 && file.hunks.length > 1) {
      const files = cloneFiles(gold);
      files[f]!.hunks = [];
      add(files, { operator: "revert_file", file: file.path, line: null, size: file.hunks.reduce((n, h) => n + h.lines.filter((l) => l.kind !== " ").length, 0), description: `reverts gold's change to ${file.path}` });
    }
    if (file.isDeleted) return;
    file.hunks.forEach((hunk, h) => {
      const changed = hunk.lines.filter((l) => l.kind !== " ").length;
      if (hunkCount > 1) {
        const files = cloneFiles(gold);
        revertLines(files, f, h, () => false);
        add(files, { operator: "revert_hunk", file: file.path, line: newLineOf(file, h, 0), size: changed, description: `reverts hunk ${h + 1} of ${file.path}${hunk.section ? ` (${hunk.section.trim()})` : ""}` });
      }
      const blocks = changeBlocks(hunk);
      for (const [b0, b1] of blocks) {
        if (blocks.length > 1 || hunkCount > 1) {
          const files = cloneFiles(gold);
          revertLines(files, f, h, (i) => i < b0 || i > b1);
          add(files, { operator: "revert_block", file: file.path, line: newLineOf(file, h, b0), size: b1 - b0 + 1, description: `reverts the change at ${file.path}:${newLineOf(file, h, b0)}` });
        }
        const minus: number[] = [];
        const plus: number[] = [];
        for (let i = b0; i <= b1; i++) (hunk.lines[i]!.kind === "-" ? minus : plus).push(i);
        if (minus.length === plus.length && plus.length > 1) {
          plus.forEach((pi, k) => {
            const files = cloneFiles(gold);
            revertLines(files, f, h, (i) => i !== pi && i !== minus[k]);
            add(files, { operator: "revert_line", file: file.path, line: newLineOf(file, h, pi), size: 2, description: `takes back \`${hunk.lines[pi]!.text.trim()}\` at ${file.path}:${newLineOf(file, h, pi)} (restores \`${hunk.lines[minus[k]!]!.text.trim()}\`)` });
          });
        } else if (plus.length > 1) {
          for (const pi of plus) {
            if (!droppable(hunk.lines[pi]!.text)) continue;
            const files = cloneFiles(gold);
            files[f]!.hunks[h]!.lines.splice(pi, 1);
            add(files, { operator: "drop_line", file: file.path, line: newLineOf(file, h, pi), size: 1, description: `drops the added line \`${hunk.lines[pi]!.text.trim()}\` at ${file.path}:${newLineOf(file, h, pi)}` });
          }
        }
      }
    });
    const m = mining.get(file.path);
    if (!m?.tree) return;
    const edits = mutantEdits(m.tree.root, m.post.text, m.tree.python, (row) => m.post.origin[row] != null);
    for (const edit of edits) {
      const [r0, r1] = editRows(m.post.text, edit);
      add(applyEdit(gold, f, m.post, edit), { operator: edit.operator, file: file.path, line: r0 + 1, size: r1 - r0 + 1, description: `${edit.description} at ${file.path}:${r0 + 1}` });
    }
  });
  const goldText = serializeRawDiff(gold);
  const seen = new Set<string>([goldText, ""]);
  const unique = out.filter((c) => !seen.has(c.diff) && (seen.add(c.diff), true));
  unique.sort((a, b) => a.size - b.size || ORDER.indexOf(a.operator) - ORDER.indexOf(b.operator) || a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
  // Round-robin over the operators, each smallest first: a cap never leaves out every hunk revert for mutants.
  const groups = ORDER.map((op) => unique.filter((c) => c.operator === op)).filter((g) => g.length > 0);
  const picked: TCandidate[] = [];
  for (let k = 0; picked.length < limit && groups.some((g) => g.length > k); k++) {
    for (const g of groups) if (g[k] && picked.length < limit) picked.push(g[k]!);
  }
  picked.sort((a, b) => a.size - b.size || ORDER.indexOf(a.operator) - ORDER.indexOf(b.operator));
  return { candidates: picked, generated: unique.length };
}
