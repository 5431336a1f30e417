import "server-only";
import { chmod, link, mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { packageToFiles, type TPackageFile } from "./files";
import type { TFrozenPackage } from "./load-package";

/** A file of an export: its bytes, or a hard link to a file written before it (same bytes, stored once in the archive). */
export type TExportEntry = { path: string; content: string | Uint8Array } | { path: string; linkTo: string };

/** Writes files under `dir`, refusing any path that would leave it. Modes are set explicitly (no umask in the archive). */
export async function writeTree(dir: string, files: readonly TExportEntry[]) {
  const inside = (p: string) => {
    const target = path.resolve(dir, p);
    if (!target.startsWith(path.resolve(dir) + path.sep)) throw new Error(`Refusing to write outside the export: ${p}`);
    return target;
  };
  for (const file of files) {
    const target = inside(file.path);
    await mkdir(path.dirname(target), { recursive: true });
    if ("linkTo" in file) {
      await rm(target, { force: true });
      await link(inside(file.linkTo), target);
      continue;
    }
    await writeFile(target, file.content);
    await chmod(target, file.path.endsWith(".sh") ? 0o755 : 0o644);
  }
}

/**
 * A byte-reproducible .tar.gz of the files under `cwd`: sorted entries, fixed mtimes, no owners,
 * modes as written; hard-linked files are stored once (the later ones as links).
 */
export async function tarGzOf(outFile: string, cwd: string, entries: readonly string[]) {
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  await tar.c({ gzip: { level: 6 }, file: outFile, cwd, portable: true, mtime: new Date(0), noDirRecurse: true }, [...new Set(entries)].sort());
}

/** A reproducible .tar.gz of `files` under `prefix/` (fixed mtimes, sorted entries). */
export async function writeTarGz(outFile: string, prefix: string, files: readonly TExportEntry[]) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-export-"));
  try {
    await writeTree(path.join(tmp, prefix), files);
    await tarGzOf(outFile, tmp, files.map((f) => `${prefix}/${f.path}`));
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

/** Every regular file of a .tar.gz (those `keep` accepts), by its full path in the archive. */
export async function readTarEntries(file: string, keep: (entryPath: string) => boolean = () => true): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const pending: Promise<void>[] = [];
  await tar.t({
    file,
    onReadEntry: (entry) => {
      if (entry.type !== "File" || !keep(entry.path)) {
        entry.resume();
        return;
      }
      const chunks: Buffer[] = [];
      const name = entry.path;
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

export const SUITE_INDEX = "SUITE.json";

/**
 * The native packages in an archive, each as its files by path below its folder: a suite archive
 * (SUITE.json lists a folder per package) or one package under a single top folder.
 */
export async function packagesInArchive(file: string): Promise<Map<string, string>[]> {
  const top = await readTarEntries(file, (p) => p === SUITE_INDEX);
  const index = top.get(SUITE_INDEX);
  if (index !== undefined) {
    let folders: string[];
    try {
      folders = (JSON.parse(index) as { packages: { folder: string }[] }).packages.map((p) => p.folder);
    } catch {
      throw new Error(`${SUITE_INDEX} is not a suite index ({ "packages": [{ "folder": … }] }).`);
    }
    const wanted = new Set(folders);
    const all = await readTarEntries(file, (p) => wanted.has(p.split("/")[0]!));
    return folders.map((folder) => new Map([...all].filter(([p]) => p.startsWith(`${folder}/`)).map(([p, text]) => [p.slice(folder.length + 1), text])));
  }
  const all = await readTarEntries(file);
  const tops = new Set([...all.keys()].map((p) => p.split("/")[0]!));
  if (tops.size !== 1 || [...all.keys()].some((p) => !p.includes("/"))) {
    throw new Error(`The archive is neither one package folder nor a suite (no ${SUITE_INDEX}); it holds ${[...tops].slice(0, 5).join(", ") || "nothing"}.`);
  }
  return [new Map([...all].map(([p, text]) => [p.split("/").slice(1).join("/"), text]))];
}

/** Every regular file of a single-package .tar.gz, by its path below the top folder. */
export async function readTarGz(file: string): Promise<Map<string, string>> {
  const [files] = await packagesInArchive(file);
  return files!;
}
