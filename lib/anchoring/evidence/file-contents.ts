import "server-only";
import { gitIn, openMirror } from "@/lib/runner/mirror";

export const MAX_CONTENT_BYTES = 2 * 1024 * 1024;
const MIRROR_WAIT_MS = 15_000;

export type TFileText = { text: string } | { unavailable: string };

/** Opens the family's mirror, giving up (with a reason) when cloning takes too long; the clone goes on. */
export async function mirrorForContents(repo: string): Promise<{ mirror: string } | { unavailable: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ unavailable: string }>((resolve) => {
    timer = setTimeout(() => resolve({ unavailable: "the repository mirror is still being prepared; reload in a moment" }), MIRROR_WAIT_MS);
  });
  const opened = openMirror(repo).then(
    (mirror) => ({ mirror }),
    (error: unknown) => ({ unavailable: `the repository cannot be read (${error instanceof Error ? error.message : String(error)})` }),
  );
  try {
    return await Promise.race([opened, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// A file at a commit never changes: the texts read last are kept (by size), so reopening a
// diff costs no git processes (issue 24: four per file, the slowest part of the first diff).
const CACHE_BYTES = 32 * 1024 * 1024;
const texts = new Map<string, TFileText>();
let cachedBytes = 0;

/** A file's text at a commit via the mirror; too large or binary files are refused with a reason. */
export async function readFileAt(mirror: string, commit: string, filePath: string): Promise<TFileText> {
  const key = `${mirror}\0${commit}\0${filePath}`;
  const hit = texts.get(key);
  if (hit) {
    texts.delete(key);
    texts.set(key, hit); // most recently used last
    return hit;
  }
  const read = await readUncached(mirror, commit, filePath);
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return read; // only a full commit id names fixed content
  const bytes = "text" in read ? read.text.length : 0;
  texts.set(key, read);
  cachedBytes += bytes;
  for (const [oldest, value] of texts) {
    if (cachedBytes <= CACHE_BYTES) break;
    texts.delete(oldest);
    cachedBytes -= "text" in value ? value.text.length : 0;
  }
  return read;
}

async function readUncached(mirror: string, commit: string, filePath: string): Promise<TFileText> {
  const object = `${commit}:${filePath}`;
  const size = Number((await gitIn(mirror, ["cat-file", "-s", object]).catch(() => "")).trim());
  if (!Number.isFinite(size) || size === 0) {
    const exists = await gitIn(mirror, ["cat-file", "-e", object]).then(() => true, () => false);
    return exists ? { text: "" } : { unavailable: `${filePath} does not exist at ${commit.slice(0, 10)}` };
  }
  if (size > MAX_CONTENT_BYTES) return { unavailable: `${filePath} is ${(size / 1024 / 1024).toFixed(1)} MiB at ${commit.slice(0, 10)}, too large to show side by side` };
  const text = await gitIn(mirror, ["cat-file", "blob", object]);
  if (text.includes("\0")) return { unavailable: `${filePath} is binary` };
  return { text };
}
