import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { parseDiff, type TDiff } from "@/lib/git/diff";
import type { TPatchProblem } from "@/lib/schemas/patches";
import { baseRepoDir } from "./base-repo";
import { checkAgainstBase } from "./check-against-base";
import { checkNegativeAgainstGold, checkPatchText } from "./patch-rules";

/** A refused patch: 422 with the problem spelled out field by field for the editor. */
export function patchRefused(problem: TPatchProblem, field = "diff"): AppError {
  const fieldErrors: Record<string, string[]> = { [field]: [problem.message], [`${field}.rule`]: [problem.rule] };
  if (problem.line !== undefined) fieldErrors[`${field}.line`] = [String(problem.line)];
  if (problem.file) fieldErrors[`${field}.file`] = [problem.file];
  if (problem.gitMessage) fieldErrors[`${field}.git`] = [problem.gitMessage];
  if (problem.hunk) fieldErrors[`${field}.hunk`] = [problem.hunk];
  const detail = [problem.gitMessage && problem.gitMessage !== problem.message ? `\n\ngit said:\n${problem.gitMessage}` : "", problem.hunk ? `\n\nFailing hunk:\n${problem.hunk}` : ""].join("");
  return new AppError("UNPROCESSABLE", `${problem.message}${detail}`, { fieldErrors });
}

type TValidateInput = {
  text: string;
  family: { repo: string; baseCommit: string };
  /** For negatives: the current gold patch, which the negative must differ from. */
  gold?: string | null;
  field?: string;
};

/**
 * The save-time validation of every patch: a unified diff (lib/git/diff), non-empty, not the
 * gold patch again when it is a negative, touching only files of the base, and accepted by
 * `git apply --check` against the base. Throws 422 naming the rule; returns the parsed diff.
 */
export async function validatePatch({ text, family, gold = null, field = "diff" }: TValidateInput): Promise<TDiff> {
  const parsed = checkPatchText(text);
  if (!parsed.ok) throw patchRefused(parsed.problem, field);
  if (gold !== null) {
    const goldDiff = safeParse(gold);
    const problem = checkNegativeAgainstGold(parsed.diff, goldDiff);
    if (problem) throw patchRefused(problem, field);
  }
  const repoDir = await baseRepoDir(family.repo, family.baseCommit);
  const problem = await checkAgainstBase(repoDir, family.baseCommit, parsed.diff, text);
  if (problem) throw patchRefused(problem, field);
  return parsed.diff;
}

function safeParse(text: string): TDiff | null {
  try {
    return parseDiff(text.endsWith("\n") ? text : `${text}\n`);
  } catch {
    return null;
  }
}
