import "server-only";
import path from "node:path";
import { gitIn, isCloneUrl, prepareMirror } from "@/lib/anchoring/local-mirror";
import { AppError } from "@/lib/errors/app-error";
import { gitMessage } from "@/lib/anchoring/local-mirror";

/** Where the web process keeps its own bare mirrors (the workers keep theirs under cache/mirrors). */
export function patchCheckCacheDir(): string {
  return path.resolve(process.env.STUDIO_DATA_DIR ?? ".studio-data", "cache", "patch-check");
}

/**
 * A local git directory holding the family's base commit: the repository itself when the
 * family points at a local path, else a bare mirror of the clone URL (fetched when the base is missing).
 */
export async function baseRepoDir(repo: string, baseCommit: string): Promise<string> {
  try {
    if (!isCloneUrl(repo)) {
      const dir = path.resolve(repo);
      await gitIn(dir, ["rev-parse", "--verify", "--quiet", `${baseCommit}^{commit}`]);
      return dir;
    }
    const mirror = await prepareMirror(repo, patchCheckCacheDir());
    await gitIn(mirror.path, ["rev-parse", "--verify", "--quiet", `${baseCommit}^{commit}`]);
    return mirror.path;
  } catch (error) {
    throw new AppError(
      "UNPROCESSABLE",
      `The patch could not be checked against the base: the family's repository ${repo} or its base commit ${baseCommit.slice(0, 12)} cannot be read (${gitMessage(error) || "commit not found"}).`,
      { detail: error },
    );
  }
}
