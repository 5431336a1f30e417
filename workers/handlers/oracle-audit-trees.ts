// Reads the trees the audit compares straight from the repository mirror: the base
// commit, and base + hidden tests + gold built in a private index (no checkout).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { spawnGit } from "@/lib/git/run-git";
import { AuditInputError } from "@/lib/oracle-audit/audit-failure";
import { git } from "../../lib/runner/host";

export const MAX_FILE_BYTES = 512 * 1024;

export async function listTree(mirrorDir: string, tree: string): Promise<string[]> {
  const result = await git(["ls-tree", "-r", "-z", "--name-only", tree], { cwd: mirrorDir });
  if (result.code !== 0) throw new Error(`git ls-tree ${tree}: ${result.stderr.trim()}`);
  return result.stdout.split("\0").filter(Boolean);
}

/** Contents of `paths` in `tree` (one `git cat-file --batch`); files over 512 KiB are skipped. */
export function readFiles(mirrorDir: string, tree: string, paths: readonly string[]): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(["cat-file", "--batch"], { cwd: mirrorDir });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`git cat-file exited with ${code}`));
      const out = Buffer.concat(chunks);
      const files: Record<string, string> = {};
      let at = 0;
      for (const p of paths) {
        const nl = out.indexOf(10, at);
        if (nl === -1) break;
        const header = out.subarray(at, nl).toString("utf8");
        at = nl + 1;
        const m = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header);
        if (!m) continue; // "<name> missing"
        const size = Number(m[2]);
        if (m[1] === "blob" && size <= MAX_FILE_BYTES) files[p] = out.subarray(at, at + size).toString("utf8");
        at += size + 1;
      }
      resolve(files);
    });
    child.stdin.on("error", () => {});
    child.stdin.end(paths.map((p) => `${tree}:${p}`).join("\n") + "\n");
  });
}

/** The tree of base + patches, applied in order with `git apply --cached` in a private index. */
export async function treeWithPatches(mirrorDir: string, base: string, patches: readonly string[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "specpath-oracle-"));
  const env = { GIT_INDEX_FILE: path.join(dir, "index") };
  try {
    const read = await git(["read-tree", base], { cwd: mirrorDir, env });
    if (read.code !== 0) throw new Error(`git read-tree: ${read.stderr.trim()}`);
    for (const [i, patch] of patches.entries()) {
      if (!patch.trim()) continue;
      const file = path.join(dir, `${i}.diff`);
      await fs.writeFile(file, patch.endsWith("\n") ? patch : `${patch}\n`);
      const applied = await git(["apply", "--cached", file], { cwd: mirrorDir, env });
      if (applied.code !== 0) {
        // git names the file ("error: patch failed: src/x.js:3"); the temp file's path is left out.
        const file = /patch failed: ([^\n:]+):\d+/.exec(applied.stderr)?.[1] ?? /error: ([^\n:]+): /.exec(applied.stderr)?.[1] ?? null;
        throw new AuditInputError(`the ${i === 0 ? "hidden test" : "gold"} patch does not apply: ${applied.stderr.trim()}`, file);
      }
    }
    const written = await git(["write-tree"], { cwd: mirrorDir, env });
    if (written.code !== 0) throw new Error(`git write-tree: ${written.stderr.trim()}`);
    return written.stdout.trim();
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
