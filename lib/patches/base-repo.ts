import "server-only";
import path from "node:path";
import { gitIn, gitMessage, isCloneUrl, openMirrorWith } from "@/lib/runner/mirror";
import { AppError } from "@/lib/errors/app-error";

/**
 * A local git directory holding the family's base commit: the repository itself when the
 * family points at a local path, else the source mirror of the clone URL (fetched when the base is missing).
 */
export async function baseRepoDir(repo: string, baseCommit: string): Promise<string> {
  try {
    if (!isCloneUrl(repo)) {
      const dir = path.resolve(repo);
      await gitIn(dir, ["rev-parse", "--verify", "--quiet", `${baseCommit}^{commit}`]);
      return dir;
    }
    // The studio's one source-mirror cache, shared with imports and the evidence view.
    return await openMirrorWith(repo, [baseCommit]);
  } catch (error) {
    throw new AppError(
      "UNPROCESSABLE",
      `The patch could not be checked against the base: the family's repository ${repo} or its base commit ${baseCommit.slice(0, 12)} cannot be read (${gitMessage(error) || "commit not found"}).`,
      { detail: error },
    );
  }
}
