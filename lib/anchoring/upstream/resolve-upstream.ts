import "server-only";
import { existsSync } from "node:fs";
import path from "node:path";
import { runGit } from "@/lib/git/run-git";
import { upstreamOfReference, upstreamOfRemotes } from "./upstream-name";

/**
 * The upstream `owner/name` of a candidate at admission: the PR reference a curator gave
 * (raw.provenance.repo), the clone URL or `owner/name` it was imported from, else the local
 * clone's remotes. Null when none says (the curator sets it before freeze).
 */
export async function resolveUpstream(repo: string, raw: unknown): Promise<string | null> {
  const given = (raw as { provenance?: { repo?: unknown } } | null)?.provenance?.repo;
  if (typeof given === "string" && upstreamOfReference(given)) return upstreamOfReference(given);
  if (!path.isAbsolute(repo)) return upstreamOfReference(repo);
  if (!existsSync(repo)) return null;
  try {
    return upstreamOfRemotes(await runGit(["-C", repo, "remote", "-v"]));
  } catch {
    return null;
  }
}
