import "server-only";
import path from "node:path";
import { gitIn, isCloneUrl, openMirrorWith } from "@/lib/runner/mirror";
import { parseSource } from "@/lib/syntax/parse-source";
import { AppError } from "@/lib/errors/app-error";
import type { TMiningFile } from "./candidates";
import { parseRawDiff, postImage, type TRawFile } from "./raw-diff";

/**
 * Gold as the miner reads it: its files and hunks, and for each file gold modifies or
 * creates, the post-image with the lines gold added, parsed by tree-sitter where the
 * language is one the studio reads (JavaScript, TypeScript, Python). I/O: git reads the
 * base files from the family's repository; the grammars load once per process.
 */
export async function gatherGold(repo: string, baseCommit: string, goldDiff: string): Promise<{ files: TRawFile[]; mining: Map<string, TMiningFile> }> {
  const files = parseRawDiff(goldDiff);
  if (!files) throw new AppError("UNPROCESSABLE", "The gold patch is not a unified diff the miner can read; fix it in the patch editor first.");
  const needBase = files.filter((f) => !f.isNew && !f.isDeleted && f.hunks.length > 0);
  // The family's repository itself when it is a local path, else the studio's source mirror of the clone URL.
  const dir = needBase.length === 0 ? null : isCloneUrl(repo) ? await openMirrorWith(repo, [baseCommit]) : path.resolve(repo);
  const mining = new Map<string, TMiningFile>();
  for (const file of files) {
    if (file.isDeleted || file.hunks.length === 0) continue;
    const base = file.isNew ? "" : await gitIn(dir!, ["show", `${baseCommit}:${file.path}`]);
    const post = postImage(file, base);
    const parsed = await parseSource(file.path, post.text);
    mining.set(file.path, { post, tree: parsed.ok && !parsed.file.hasError ? { root: parsed.file.root, python: file.path.endsWith(".py") } : null });
  }
  return { files, mining };
}
