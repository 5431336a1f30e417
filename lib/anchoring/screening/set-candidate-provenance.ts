import "server-only";
import { db, Prisma } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound, staleVersion } from "@/lib/errors/app-error";
import { runGit } from "@/lib/git/run-git";
import { fetchPullRequest, GithubImportError } from "@/lib/anchoring/github/import-github";
import { githubConnection } from "@/lib/anchoring/github/github-connection";
import { parsePullReference, type TCandidateProvenance } from "@/lib/schemas/candidates";
import { candidateSelect, toCandidateDto } from "./candidate-select";

/** `owner/name` of a GitHub remote URL (https or ssh), else null. */
export function githubRepoOfRemote(url: string): string | null {
  const m = /github\.com[:/]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(url.trim());
  return m ? `${m[1]}/${m[2]}` : null;
}

async function remoteGithubRepo(repoPath: string): Promise<string | null> {
  try {
    return githubRepoOfRemote(await runGit(["-C", repoPath, "remote", "get-url", "origin"]));
  } catch {
    return null;
  }
}

/**
 * Sets the pull request of a local candidate (a first-parent commit may name only the
 * issue it fixes, not its PR). When the repository is on GitHub (the URL says so, or the
 * local repository's origin remote) and a token is saved, the PR's description, review
 * discussion and linked issues are fetched and kept on the candidate (raw.github), where
 * admission reads them as evidence. GitHub is called before the transaction opens.
 */
export async function setCandidateProvenance(actorId: string, suiteId: string, candidateId: string, input: TCandidateProvenance) {
  const before = await db().candidate.findFirst({ where: { id: candidateId, suiteId }, select: { ...candidateSelect, raw: true } });
  if (!before) throw notFound("Candidate", candidateId);
  if (before.source !== "local") throw new AppError("UNPROCESSABLE", "Only a local import's candidate takes a pull request by hand; a GitHub import already has its own.", { fieldErrors: { pr: ["only for local candidates"] } });
  if (before.status === "admitted") throw new AppError("CONFLICT", "This candidate was admitted already; its evidence is the family's now.");
  const reference = parsePullReference(input.pr)!;
  const repo = reference.repo ?? (await remoteGithubRepo(before.repo));
  const { auth, baseUrl } = await githubConnection();
  let github: unknown = null;
  if (repo && auth) {
    try {
      github = await fetchPullRequest({ repo, number: reference.number, auth, baseUrl });
    } catch (error) {
      if (!(error instanceof GithubImportError)) throw error;
      throw new AppError("UNPROCESSABLE", `Pull request #${reference.number} of ${repo} could not be fetched: ${error.message}.`, { fieldErrors: { pr: [error.message] } });
    }
  }
  const raw = {
    ...(before.raw && typeof before.raw === "object" && !Array.isArray(before.raw) ? (before.raw as Record<string, unknown>) : {}),
    provenance: { pr: input.pr, number: reference.number, repo, fetched: github !== null },
    ...(github ? { github } : {}),
  };
  return db().$transaction(async (tx) => {
    const { count } = await tx.candidate.updateMany({
      where: { id: candidateId, version: input.version, status: { not: "admitted" } },
      data: { prNumber: reference.number, raw: raw as Prisma.InputJsonValue, version: { increment: 1 } },
    });
    if (count === 0) throw staleVersion("The candidate", toCandidateDto(before));
    const after = await tx.candidate.findUniqueOrThrow({ where: { id: candidateId }, select: candidateSelect });
    await recordEvent(tx, {
      actorId, action: "candidate.provenance", entity: "Candidate", entityId: candidateId,
      before: { prNumber: before.prNumber }, after: { prNumber: after.prNumber, repo, fetched: github !== null },
    });
    return { ...toCandidateDto(after), provenance: { repo, fetched: github !== null, reason: github ? null : !repo ? "the repository has no GitHub remote" : "no GitHub token is saved" } };
  });
}
