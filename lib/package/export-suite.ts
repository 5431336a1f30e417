import "server-only";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { once } from "node:events";
import * as tar from "tar";
import { db } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import { loadFrozenPackage } from "./load-package";
import { nativeFiles, writeTree } from "./native-export";
import { slug, sweBenchInstances } from "./swebench";

export type TSuiteExportProgress = { onStart?: (total: number) => void; onFamily?: (done: number, title: string) => void };

/**
 * Every frozen family of a suite: native packages side by side in one .tar.gz, and all their
 * SWE-bench instances in one JSONL beside it. One package is in memory at a time; its files go
 * to disk and the archive is streamed from there, so memory stays flat as the suite grows.
 */
export async function exportSuite(suiteName: string, outFile: string, progress: TSuiteExportProgress = {}) {
  const suite = await db().suite.findUnique({ where: { name: suiteName }, select: { id: true } });
  if (!suite) throw notFound("Suite", suiteName);
  return exportFamilies(
    (await db().package.findMany({ where: { frozenAt: { not: null }, family: { suiteId: suite.id } }, orderBy: { frozenAt: "asc" }, select: { familyId: true } })).map((p) => p.familyId),
    outFile,
    progress,
  );
}

export async function exportFamilies(familyIds: string[], outFile: string, progress: TSuiteExportProgress = {}) {
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-suite-"));
  const jsonlFile = outFile.replace(/\.tar\.gz$/, "") + ".jsonl";
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  const jsonl = createWriteStream(jsonlFile);
  const folders: string[] = [];
  const index: { family: string; version: number; package: string; folder: string }[] = [];
  let instances = 0;
  try {
    progress.onStart?.(familyIds.length);
    for (const [i, familyId] of familyIds.entries()) {
      const pkg = await loadFrozenPackage({ familyId });
      const folder = `${slug(pkg.content.family.title)}-v${pkg.content.family.version}-${pkg.hash.slice(0, 12)}`;
      await writeTree(path.join(tmp, folder), nativeFiles(pkg));
      folders.push(folder);
      index.push({ family: pkg.content.family.title, version: pkg.content.family.version, package: pkg.hash, folder });
      for (const instance of sweBenchInstances(pkg.content, pkg.hash)) {
        if (!jsonl.write(`${JSON.stringify(instance)}\n`)) await once(jsonl, "drain");
        instances += 1;
      }
      progress.onFamily?.(i + 1, pkg.content.family.title);
    }
    jsonl.end();
    await once(jsonl, "finish");
    await writeTree(tmp, [{ path: "SUITE.json", content: `${JSON.stringify({ packages: index }, null, 2)}\n` }]);
    await tar.c({ gzip: true, file: outFile, cwd: tmp, portable: true }, ["SUITE.json", ...folders]);
    return { file: outFile, jsonl: jsonlFile, families: folders.length, instances };
  } finally {
    if (!jsonl.closed) jsonl.destroy();
    await rm(tmp, { recursive: true, force: true });
  }
}
