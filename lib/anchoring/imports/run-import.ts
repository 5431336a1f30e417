import "server-only";
import { db } from "@/lib/db";
import { failureSentence } from "@/lib/errors/failure-sentence";
import { GitSourceError } from "@/lib/anchoring/imports/list-local-candidates";
import { thresholdsFromSettings } from "@/lib/anchoring/screening/suite-thresholds";
import { GithubImportError } from "@/lib/anchoring/github/import-github";
import { ZImportQuerySchema } from "@/lib/schemas/imports";
import { importGithubSource } from "./import-github-source";
import { importLocalSource } from "./import-local-source";
import { progressWriter } from "./progress-writer";

/**
 * Runs one import job to its end: progress is written as it goes, candidates are written
 * whole, and a failure is stored as the job's message with the cursor to resume from.
 */
export async function runImport(jobId: string): Promise<void> {
  const job = await db().importJob.findUnique({
    where: { id: jobId },
    select: { id: true, suiteId: true, source: true, repo: true, query: true, cursor: true, progress: true, suite: { select: { settings: true } } },
  });
  if (!job) return;
  const thresholds = thresholdsFromSettings(job.suite.settings);
  const query = ZImportQuerySchema.catch({}).parse(job.query);
  const progress = progressWriter(jobId);
  try {
    const what = job.source === "github"
      ? await importGithubSource({ ...job, query }, thresholds, progress)
      : await importLocalSource({ ...job, query }, thresholds, progress);
    await progress.flush();
    const [count, kept] = await Promise.all([
      db().candidate.count({ where: { importJobId: jobId } }),
      db().candidate.count({ where: { importJobId: jobId, kept: true } }),
    ]);
    await db().importJob.update({
      where: { id: jobId },
      data: { status: "done", progress: count, total: count, message: `Imported ${count.toLocaleString("en")} ${count === 1 ? what.replace(/^(change|merged pull request)s\b/, "$1") : what}; the automatic gate kept ${kept.toLocaleString("en")}.` },
    });
  } catch (error) {
    await progress.flush();
    const cursor = error instanceof GithubImportError && error.cursor ? { cursor: error.cursor } : {};
    await db().importJob.update({ where: { id: jobId }, data: { status: "failed", message: failureMessage(error).slice(0, 2000), ...cursor } });
  }
}

function failureMessage(error: unknown): string {
  if (error instanceof GitSourceError || error instanceof GithubImportError) return error.message;
  console.error("[imports] unexpected failure", error);
  // One sentence for the page (a raw Prisma message names server files); the rest is logged above.
  return `${failureSentence("The import", error, "the server log")} Resume it to continue from the last written candidate.`;
}
