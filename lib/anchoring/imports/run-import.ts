import "server-only";
import { db } from "@/lib/db";
import { failureSentence } from "@/lib/errors/failure-sentence";
import { GitSourceError } from "@/lib/anchoring/imports/list-local-candidates";
import { GithubImportError } from "@/lib/anchoring/github/import-github";
import { ImportClaimLostError, updateImport, type TImportClaim } from "./import-claim";
import { loadImportContext } from "./import-context";
import { importGithubSource } from "./import-github-source";
import { importLocalSource } from "./import-local-source";
import { progressWriter } from "./progress-writer";

/**
 * Runs one claimed attempt of an import to its end (the worker's import handler calls it):
 * progress is written as it goes, candidates are written whole, and a failure is stored as the
 * job's message with the cursor to resume from. An attempt that lost its claim stops writing.
 */
export async function runImport(claim: TImportClaim, options: { cacheDir?: string } = {}): Promise<void> {
  const progress = progressWriter(claim);
  try {
    const job = await loadImportContext(claim);
    const what = job.source === "github" ? await importGithubSource(job, progress) : await importLocalSource(job, progress, options.cacheDir);
    await progress.flush();
    const [count, kept] = await Promise.all([
      db().candidate.count({ where: { importJobId: claim.id } }),
      db().candidate.count({ where: { importJobId: claim.id, kept: true } }),
    ]);
    await updateImport(claim, {
      status: "done", progress: count, total: count,
      message: `Imported ${count.toLocaleString("en")} ${count === 1 ? what.replace(/^(change|merged pull request)s\b/, "$1") : what}; the automatic gate kept ${kept.toLocaleString("en")}.`,
    });
  } catch (error) {
    await progress.flush();
    if (error instanceof ImportClaimLostError) return;
    const cursor = error instanceof GithubImportError && error.cursor ? { cursor: error.cursor } : {};
    await updateImport(claim, { status: "failed", message: failureMessage(error).slice(0, 2000), ...cursor }).catch(() => undefined);
  }
}

function failureMessage(error: unknown): string {
  if (error instanceof GitSourceError || error instanceof GithubImportError) return error.message;
  console.error("[imports] unexpected failure", error);
  // One sentence for the page (a raw Prisma message names server files); the rest is logged above.
  return `${failureSentence("The import", error, "the server log")} Resume it to continue from the last written candidate.`;
}
