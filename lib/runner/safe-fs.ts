import "server-only";
// Host-side file access inside a workspace that sandboxed code has written to:
// a patch or a test may have planted symlinks (to /etc, to /dev/zero) or FIFOs.
// Nothing runs in the workspace while these are called, so checking with lstat
// and then acting is not racy.

import { constants } from "node:fs";
import { lstat, mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";

export class UnsafePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafePathError";
  }
}

/** The components of a relative path that stays inside its root; throws UnsafePathError otherwise. */
export function insideParts(relative: string): string[] {
  const parts = path.normalize(relative).split(path.sep).filter(Boolean);
  if (parts.length === 0 || parts.includes("..") || path.isAbsolute(relative)) throw new UnsafePathError(`${relative} is not inside the workspace`);
  return parts;
}

/** Writes `relative` under `root`, refusing to follow any symlink on the way. */
export async function writeInside(root: string, relative: string, content: string): Promise<void> {
  const parts = insideParts(relative);
  let current = root;
  for (const part of parts.slice(0, -1)) {
    current = path.join(current, part);
    const stats = await lstat(current).catch(() => null);
    if (!stats) await mkdir(current);
    else if (!stats.isDirectory()) throw new UnsafePathError(`${path.relative(root, current)} is not a directory (a symlink or file is in the way)`);
  }
  const file = path.join(current, parts[parts.length - 1] as string);
  const existing = await lstat(file).catch(() => null);
  if (existing && !existing.isFile()) throw new UnsafePathError(`${relative} exists and is not a regular file`);
  const handle = await open(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW, 0o644);
  try {
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}

/** Reads a regular file that is not a symlink; null when absent; throws when it is something else or too big. */
export async function readRegularFile(file: string, maxBytes: number): Promise<string | null> {
  const stats = await lstat(file).catch(() => null);
  if (!stats) return null;
  if (!stats.isFile()) throw new UnsafePathError(`${path.basename(file)} is not a regular file (symlink, device or FIFO)`);
  if (stats.size > maxBytes) throw new UnsafePathError(`${path.basename(file)} is ${stats.size} bytes, over the ${maxBytes} byte limit`);
  return readFile(file, { encoding: "utf8", flag: constants.O_RDONLY | constants.O_NOFOLLOW });
}
