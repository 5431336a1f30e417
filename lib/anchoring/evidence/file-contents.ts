import "server-only";
import { gitIn, openMirror } from "@/lib/git/mirror";

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

/** A file's text at a commit via the mirror; too large or binary files are refused with a reason. */
export async function readFileAt(mirror: string, commit: string, filePath: string): Promise<TFileText> {
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
