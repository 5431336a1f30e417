// Cache keys. Pure (hashing only).

import { createHash } from "node:crypto";

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

/** One mirror per repository source (normalized URL or absolute path). */
export const mirrorKey = (source: string): string => sha256(`mirror\0${source}`).slice(0, 24);

export interface WorkspaceKeyParts {
  mirrorKey: string;
  commit: string;
  setupCommand: string | null;
  hiddenTestPatch: string;
  image: string | null;
}

/** One prepared workspace per (repository, base commit, setup command, hidden test patch, image). */
export function workspaceKey(parts: WorkspaceKeyParts): string {
  return sha256(
    JSON.stringify([1, parts.mirrorKey, parts.commit, parts.setupCommand, sha256(parts.hiddenTestPatch), parts.image]),
  ).slice(0, 24);
}
