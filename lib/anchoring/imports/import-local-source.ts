import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { screenCandidate } from "@/lib/anchoring/screening/screen-candidate";
import { describeChange, readCommitMessages } from "@/lib/anchoring/imports/describe-change";
import { listLocalCandidates, type TLocalCandidate } from "@/lib/anchoring/imports/list-local-candidates";
import { gitIn, refreshSourceMirror } from "@/lib/runner/mirror";
import { upsertCandidate, type TCandidateInput } from "@/lib/anchoring/screening/upsert-candidate";
import { ZLocalImportCursorSchema } from "@/lib/schemas/imports";
import { updateImport } from "./import-claim";
import { candidateOrigin, dateOrNull, type TImportContext } from "./import-context";
import type { TProgressWriter } from "./progress-writer";

// Candidates are written in small transactions: each candidate whole, the cursor with them.
const CHUNK = 50;

/**
 * Mirrors a local path or clone URL (into `cacheDir`, the worker machine's mirrors), lists its
 * first-parent changes and writes them as screened candidates; returns what was read.
 */
export async function importLocalSource(job: TImportContext, progress: TProgressWriter, cacheDir?: string): Promise<string> {
  progress.update({ message: `Mirroring ${job.repo}…`, progress: 0, total: 0 }, true);
  const mirror = await refreshSourceMirror(job.repo, cacheDir);
  const ref = job.query.ref ?? mirror.defaultBranch;
  progress.update({ message: `Reading the history of ${ref}…` }, true);
  const listed = await listLocalCandidates(mirror.path, {
    ref,
    onProgress: (done, total) => progress.update({ message: `Reading history: ${done.toLocaleString("en")} of ${total.toLocaleString("en")} commits`, progress: done, total }),
  });
  const head = (await gitIn(mirror.path, ["rev-parse", `${ref}^{commit}`])).trim();
  const headMessages = await readCommitMessages(mirror.path, listed.filter((c) => c.isMerge).map((c) => c.head));

  const cursor = ZLocalImportCursorSchema.safeParse(job.cursor);
  const start = cursor.success && cursor.data.head === head ? Math.min(cursor.data.written, listed.length) : 0;
  progress.update({ message: `Screening ${listed.length.toLocaleString("en")} candidates…`, progress: start, total: listed.length }, true);
  await progress.flush();

  for (let i = start; i < listed.length; i += CHUNK) {
    const chunk = listed.slice(i, i + CHUNK).map((c) => toCandidateInput(job, c, headMessages.get(c.head)));
    const written = i + chunk.length;
    await db().$transaction(async (tx) => {
      const ids: string[] = [];
      for (const candidate of chunk) ids.push((await upsertCandidate(tx, candidate)).id);
      await updateImport(job.claim, {
        cursor: { head, written }, progress: written, total: listed.length, message: `Screened ${written.toLocaleString("en")} of ${listed.length.toLocaleString("en")} candidates`,
      }, tx);
      await recordEvent(tx, {
        actorId: job.actorId, action: "candidate.import", entity: "ImportJob", entityId: job.claim.id,
        after: { suiteId: job.suiteId, candidates: ids.length, commits: chunk.map((c) => c.mergeCommit) },
      });
    });
  }
  return `changes on ${ref} of ${job.repo}`;
}

function toCandidateInput(job: TImportContext, c: TLocalCandidate, headMessage: string | undefined): TCandidateInput {
  const text = describeChange(c.message, c.isMerge, headMessage);
  return {
    ...candidateOrigin(job),
    prNumber: text.prNumber,
    mergeCommit: c.sha,
    baseCommit: c.base,
    headCommit: c.head,
    title: text.title || c.title,
    body: text.body,
    author: c.authorName,
    authorIsBot: c.authorIsBot,
    mergedAt: dateOrNull(c.date),
    files: c.files,
    verdict: screenCandidate(c, job.thresholds),
    raw: { isMerge: c.isMerge, authorEmail: c.authorEmail, message: c.message },
  };
}
