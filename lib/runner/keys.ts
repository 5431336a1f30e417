import "server-only";
// Cache keys. Pure (hashing only).

import { createHash } from "node:crypto";

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** One mirror per repository source (normalized URL or absolute path). */
export const mirrorKey = (source: string): string => sha256(`mirror\0${source}`).slice(0, 24);

export interface WorkspaceKeyParts {
  mirrorKey: string;
  commit: string;
  setupCommand: string | null;
  image: string | null;
}

/**
 * One prepared workspace per (repository, base commit, setup command, image). Version 2: a
 * base-only repository, and no hidden tests (setup never sees them; each run writes them).
 */
export function workspaceKey(parts: WorkspaceKeyParts): string {
  return sha256(JSON.stringify([2, parts.mirrorKey, parts.commit, parts.setupCommand, parts.image])).slice(0, 24);
}
