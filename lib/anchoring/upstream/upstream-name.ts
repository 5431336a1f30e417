// Pure: the upstream identity of a task family, `owner/name` as the forge spells it.
// Exports write it as SWE-bench's `repo` and Harbor's `metadata.repo`; a local path never
// leaves the studio. Inferred from a clone URL or a remote URL; a curator can edit it.

import { UPSTREAM_PATTERN } from "@/lib/schemas/upstream";

/**
 * `owner/name` of a repository reference: already `owner/name`, or an https / ssh / git
 * clone URL (`https://github.com/o/n.git`, `git@gitlab.com:o/n.git`, `ssh://git@host/o/n`).
 * Null for a local path or anything else.
 */
export function upstreamOfReference(reference: string): string | null {
  const ref = reference.trim();
  if (UPSTREAM_PATTERN.test(ref) && !ref.startsWith(".") && !ref.endsWith(".git")) return ref;
  if (/^file:/i.test(ref)) return null;
  const url = /^(?:[a-z+]+:\/\/(?:[^@/]+@)?[^/]+(?::\d+)?\/|[\w.-]+@[\w.-]+:)(.+?)(?:\.git)?\/?$/i.exec(ref);
  if (!url) return null;
  const parts = url[1]!.split("/").filter(Boolean);
  if (parts.length < 2) return null;
  // A GitLab subgroup keeps its last two segments; GitHub has exactly two.
  const candidate = parts.slice(-2).join("/");
  return UPSTREAM_PATTERN.test(candidate) ? candidate : null;
}

/** From a local clone's remotes (`git remote -v` lines): `upstream` first, then `origin`, then any. */
export function upstreamOfRemotes(remoteLines: string): string | null {
  const remotes = new Map<string, string>();
  for (const line of remoteLines.split("\n")) {
    const m = /^(\S+)\s+(\S+)/.exec(line.trim());
    if (m && !remotes.has(m[1]!)) remotes.set(m[1]!, m[2]!);
  }
  for (const name of ["upstream", "origin", ...remotes.keys()]) {
    const url = remotes.get(name);
    const found = url ? upstreamOfReference(url) : null;
    if (found) return found;
  }
  return null;
}

export const UPSTREAM_REQUIRED_MESSAGE =
  "Set the upstream repository (owner/name) on the Evidence tab first: exports name it as `repo`, and a local path cannot be cloned by a harness.";
