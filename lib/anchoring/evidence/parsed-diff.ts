import "server-only";
import { db } from "@/lib/db";
import { safeParseDiff, type TDiff, type TDiffError } from "@/lib/git/diff";

type TEntry = { stamp: number; diff: TDiff | null; error: TDiffError | null; bytes: number };

// Evidence diffs do not change after admission; parsing a large one per request would.
const MAX_ENTRIES = 16;
const cache = new Map<string, TEntry>();

/** The family's evidence diff, parsed once per version of the evidence row. */
export async function loadParsedDiff(familyId: string): Promise<TEntry | null> {
  const stamp = await db().evidence.findUnique({ where: { familyId }, select: { updatedAt: true } });
  if (!stamp) return null;
  const hit = cache.get(familyId);
  if (hit && hit.stamp === stamp.updatedAt.getTime()) {
    cache.delete(familyId);
    cache.set(familyId, hit); // most recently used last
    return hit;
  }
  const evidence = await db().evidence.findUniqueOrThrow({ where: { familyId }, select: { diff: true, updatedAt: true } });
  const parsed = evidence.diff ? safeParseDiff(evidence.diff) : { ok: true as const, diff: { files: [] } };
  const entry: TEntry = {
    stamp: evidence.updatedAt.getTime(),
    diff: parsed.ok ? parsed.diff : null,
    error: parsed.ok ? null : parsed.error,
    bytes: Buffer.byteLength(evidence.diff),
  };
  cache.set(familyId, entry);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return entry;
}

export function findDiffFile(diff: TDiff, file: { path: string; oldPath: string | null; position: number }) {
  const byPosition = diff.files[file.position];
  const matches = (f: (typeof diff.files)[number]) => (f.newPath ?? f.oldPath) === file.path;
  if (byPosition && matches(byPosition)) return byPosition;
  return diff.files.find(matches) ?? null;
}
