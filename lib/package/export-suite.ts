import "server-only";
import { copyFile, mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { db } from "@/lib/db";
import { studioCacheDir } from "@/lib/runner/mirror";
import { notFound } from "@/lib/errors/app-error";
import { harborFiles, sweBenchFor } from "./harbor-export";
import { loadFrozenPackage } from "./load-package";
import { nativeFiles, SUITE_INDEX, tarGzOf, writeTree, type TExportEntry } from "./native-export";
import { slug, sweBenchReadmeOf, sweBenchSpec, sweBenchSpecsOf, type TSweBenchSpec } from "./swebench";

export type TSuiteExportProgress = { onStart?: (total: number) => void; onFamily?: (done: number, title: string) => void };
export type TSuiteExportOptions = TSuiteExportProgress & {
  /** Where mirrors are (the Harbor snapshots and pytest ids read the base commit). */
  cacheDir?: string;
  /** Harbor task folders under harbor/ (default true). */
  harbor?: boolean;
  /** One environment folder's bytes per environment, hard-linked into every task (default); false copies it per history. */
  shareEnvironment?: boolean;
};

const defaultCacheDir = () => studioCacheDir();

/**
 * Every frozen family of a suite in one byte-reproducible .tar.gz: the native packages side by
 * side (SUITE.json lists them; `studio import` reads them back), the Harbor task folders under
 * harbor/ (one environment folder per family, stored once), and swebench/ with the JSONL,
 * swebench-specs.json and README.md; the JSONL, specs and README also beside the archive. One
 * package is in memory at a time; its files go to disk and the archive is made from there.
 */
export async function exportSuite(suiteName: string, outFile: string, options: TSuiteExportOptions = {}) {
  const suite = await db().suite.findUnique({ where: { name: suiteName }, select: { id: true } });
  if (!suite) throw notFound("Suite", suiteName);
  const rows = await db().package.findMany({ where: { frozenAt: { not: null }, family: { suiteId: suite.id } }, orderBy: [{ frozenAt: "asc" }, { hash: "asc" }], select: { familyId: true } });
  return exportFamilies(rows.map((p) => p.familyId), outFile, options);
}

export async function exportFamilies(familyIds: string[], outFile: string, options: TSuiteExportOptions = {}) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-suite-"));
  const stem = outFile.replace(/\.tar\.gz$/, "");
  const jsonlName = `${path.basename(stem)}.jsonl`;
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const withHarbor = options.harbor ?? true;
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  await mkdir(path.join(tmp, "swebench"), { recursive: true });
  const jsonlInside = path.join(tmp, "swebench", jsonlName);
  const jsonl = createWriteStream(jsonlInside);
  const entries: string[] = [];
  const folders: string[] = [];
  const index: { family: string; version: number; package: string; folder: string }[] = [];
  const specs: TSweBenchSpec[] = [];
  const seen = new Map<string, string>();
  let instances = 0;
  const write = async (files: readonly TExportEntry[]) => {
    await writeTree(tmp, files);
    entries.push(...files.map((f) => f.path));
  };
  try {
    options.onStart?.(familyIds.length);
    for (const [i, familyId] of familyIds.entries()) {
      const pkg = await loadFrozenPackage({ familyId });
      const folder = `${slug(pkg.content.family.title)}-v${pkg.content.family.version}-${pkg.hash.slice(0, 12)}`;
      await write(nativeFiles(pkg).map((f) => ({ ...f, path: `${folder}/${f.path}` })));
      folders.push(folder);
      index.push({ family: pkg.content.family.title, version: pkg.content.family.version, package: pkg.hash, folder });
      for (const instance of await sweBenchFor(pkg, cacheDir)) {
        if (!jsonl.write(`${JSON.stringify(instance)}\n`)) await once(jsonl, "drain");
        instances += 1;
      }
      specs.push({ title: `${pkg.content.family.title} v${pkg.content.family.version}`, ...sweBenchSpec(pkg.content) });
      if (withHarbor) await write(await harborFiles(pkg, cacheDir, { root: "harbor", shareEnvironment: options.shareEnvironment ?? true, seen }));
      options.onFamily?.(i + 1, pkg.content.family.title);
    }
    jsonl.end();
    await once(jsonl, "finish");
    entries.push(`swebench/${jsonlName}`);
    const specsText = sweBenchSpecsOf(specs);
    const readme = sweBenchReadmeOf(jsonlName, specs);
    await write([
      { path: SUITE_INDEX, content: `${JSON.stringify({ packages: index }, null, 2)}\n` },
      { path: "swebench/swebench-specs.json", content: specsText },
      { path: "swebench/README.md", content: readme },
    ]);
    await tarGzOf(outFile, tmp, entries);
    // Beside the archive, for SWE-bench users: the JSONL, its specs and its README.
    await copyFile(jsonlInside, `${stem}.jsonl`);
    await writeTree(path.dirname(path.resolve(outFile)), [
      { path: `${path.basename(stem)}.swebench-specs.json`, content: specsText },
      { path: `${path.basename(stem)}.README.md`, content: readme },
    ]);
    return { file: outFile, jsonl: `${stem}.jsonl`, families: folders.length, instances };
  } finally {
    if (!jsonl.closed) jsonl.destroy();
    await rm(tmp, { recursive: true, force: true });
  }
}
