import "server-only";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { packageToFiles, type TPackageFile } from "./files";
import type { TFrozenPackage } from "./load-package";

/** Writes files under `dir`, refusing any path that would leave it. */
export async function writeTree(dir: string, files: readonly { path: string; content: string | Uint8Array }[]) {
  for (const file of files) {
    const target = path.resolve(dir, file.path);
    if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error(`Refusing to write outside the export: ${file.path}`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content, { mode: file.path.endsWith(".sh") ? 0o755 : 0o644 });
  }
}

/** A reproducible .tar.gz of `files` under `prefix/` (fixed mtimes, sorted entries). */
export async function writeTarGz(outFile: string, prefix: string, files: readonly { path: string; content: string | Uint8Array }[]) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-export-"));
  try {
    await writeTree(path.join(tmp, prefix), files);
    const entries = [...new Set(files.map((f) => `${prefix}/${f.path}`))].sort();
    await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
    await tar.c({ gzip: true, file: outFile, cwd: tmp, portable: true, mtime: new Date(0), noDirRecurse: true }, entries);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

export function nativeFiles(pkg: TFrozenPackage): TPackageFile[] {
  return packageToFiles(pkg.content, pkg.hash, pkg.annotations);
}

/** The native package: task.json, contract.json, histories/, traces/, verifier/, patches/, audit.json, annotations.json, MANIFEST. */
export async function writeNativeExport(pkg: TFrozenPackage, outFile: string) {
  await writeTarGz(outFile, `specpath-${pkg.hash.slice(0, 12)}`, nativeFiles(pkg));
  return outFile;
}

/** Every regular file of a .tar.gz, by its path below the top folder. */
export async function readTarGz(file: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const pending: Promise<void>[] = [];
  await tar.t({
    file,
    onReadEntry: (entry) => {
      if (entry.type !== "File") {
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const name = entry.path.split("/").slice(1).join("/");
      pending.push(new Promise((resolve, reject) => {
        entry.on("data", (c: Buffer) => chunks.push(c));
        entry.on("end", () => { files.set(name, Buffer.concat(chunks).toString("utf8")); resolve(); });
        entry.on("error", reject);
      }));
    },
  });
  await Promise.all(pending);
  return files;
}
