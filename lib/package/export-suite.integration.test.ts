// A suite export as a job: progress, one byte-reproducible archive of every frozen package (native
// packages, Harbor task folders with one environment folder per environment, SWE-bench files),
// the JSONL beside it; and the archive imported back.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { startWorker } from "@/workers/worker-process";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeUser } from "@/lib/testing/factories";
import { generatedRepo, seedGeneratedSuite } from "@/bench/fixtures/package-suite";
import { filesToPackage } from "./files";
import { packageHash } from "./hash";
import { exportSuite } from "./export-suite";
import { importArchive } from "./import-package";
import { getExportJob, startSuiteExport } from "./start-suite-export";
import { ZSweBenchInstanceSchema } from "./swebench";

let tmp: string;
let ids: string[];
let worker: Awaited<ReturnType<typeof startWorker>>;
beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-suite-export-"));
  process.env.STUDIO_DATA_DIR = tmp;
  const shared = generatedRepo(path.join(tmp, "repos", "shared"), 0, 10);
  const other = generatedRepo(path.join(tmp, "repos", "other"), 1, 10);
  // Families 0 and 1 stand on the same repository, base and verifier: one environment.
  ids = await seedGeneratedSuite(db(), "three", 3, 0, [shared, shared, other]);
  // The export is a job on the queue: a worker on this machine runs it.
  worker = await startWorker({ concurrency: 1, cacheDir: path.join(tmp, "cache"), log: () => undefined });
});
afterAll(async () => {
  await worker.stop();
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function entriesOf(file: string) {
  const entries: { path: string; type: string; linkpath?: string; mtime?: Date }[] = [];
  await tar.t({ file, onReadEntry: (e) => { entries.push({ path: e.path, type: e.type, linkpath: e.linkpath, mtime: e.mtime }); e.resume(); } });
  return entries;
}

describe("suite export job", () => {
  let archive: string;

  it("reports progress, then holds every package, each with its own hash, and one JSONL line per history", async () => {
    const lead = await makeUser(["lead"]);
    const suite = await db().suite.findUniqueOrThrow({ where: { name: "three" } });
    const job = await startSuiteExport(lead.id, suite.id);
    expect(job.status).toBe("queued");
    let current = await getExportJob(job.id);
    for (let i = 0; i < 600 && (current.status === "queued" || current.status === "running"); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      current = await getExportJob(job.id);
    }
    expect(current).toMatchObject({ status: "done", progress: 3, total: 3, attempt: 1, workerId: worker.id });
    archive = current.file!;

    const out = path.join(tmp, "unpacked");
    fs.mkdirSync(out);
    await tar.x({ file: archive, cwd: out });
    const index = JSON.parse(fs.readFileSync(path.join(out, "SUITE.json"), "utf8")).packages as { folder: string; package: string }[];
    expect(index).toHaveLength(ids.length);
    for (const entry of index) {
      const dir = path.join(out, entry.folder);
      const files = new Map<string, string>();
      const walk = (d: string) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          const full = path.join(d, e.name);
          if (e.isDirectory()) walk(full);
          else files.set(path.relative(dir, full), fs.readFileSync(full, "utf8"));
        }
      };
      walk(dir);
      const back = filesToPackage(files);
      expect(packageHash(back.content)).toBe(entry.package);
    }
    const lines = fs.readFileSync(archive.replace(/\.tar\.gz$/, ".jsonl"), "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(3 * 7);
    for (const line of lines) ZSweBenchInstanceSchema.parse(JSON.parse(line));
    expect(fs.readFileSync(path.join(out, "swebench", path.basename(archive).replace(/\.tar\.gz$/, ".jsonl")), "utf8")).toBe(`${lines.join("\n")}\n`);
    const specs = JSON.parse(fs.readFileSync(path.join(out, "swebench", "swebench-specs.json"), "utf8"));
    expect(Object.keys(specs.MAP_REPO_VERSION_TO_SPECS).sort()).toEqual(["bench-org/other", "bench-org/shared"]);
    expect(fs.readFileSync(path.join(out, "swebench", "README.md"), "utf8")).toMatch(/fresh clone\s+at `base_commit` \*\*with no later history\*\*/);
    // Harbor folders: 7 tasks per family; the environment's Dockerfile keeps the setup as a script.
    const tasks = fs.readdirSync(path.join(out, "harbor"));
    expect(tasks).toHaveLength(21);
    expect(fs.readFileSync(path.join(out, "harbor", tasks[0]!, "environment", "setup.sh"), "utf8")).toContain("npm ci");
  }, 120_000);

  it("stores one environment folder's bytes for the two families on one environment, and one per other family", async () => {
    const entries = await entriesOf(archive);
    expect(entries.every((e) => e.mtime?.getTime() === 0)).toBe(true);
    expect(entries.map((e) => e.path)).toEqual([...entries.map((e) => e.path)].sort());
    const repoTars = entries.filter((e) => e.path.endsWith("/environment/repo.tar"));
    expect(repoTars).toHaveLength(21);
    const stored = repoTars.filter((e) => e.type === "File");
    expect(stored).toHaveLength(2); // families 0 and 1 share one, family 2 has its own
    const family = (p: string) => p.split("/")[1]!.split("__")[0]!;
    const linkedTo = new Map(repoTars.filter((e) => e.type === "Link").map((e) => [family(e.path), e.linkpath!]));
    expect(linkedTo.get("generated-family-1-v1")).toBe(linkedTo.get("generated-family-0-v1"));
    expect(linkedTo.get("generated-family-2-v1")).not.toBe(linkedTo.get("generated-family-0-v1"));
  });

  it("is byte-identical when exported again", async () => {
    const again = await exportSuite("three", path.join(tmp, "again", path.basename(archive)), { cacheDir: path.join(tmp, "cache") });
    expect(fs.readFileSync(again.file).equals(fs.readFileSync(archive))).toBe(true);
    expect(fs.readFileSync(again.jsonl).equals(fs.readFileSync(archive.replace(/\.tar\.gz$/, ".jsonl")))).toBe(true);
  }, 120_000);

  it("imports back into an empty studio, every package with its own hash", async () => {
    const hashes = (await db().package.findMany({ select: { hash: true } })).map((p) => p.hash).sort();
    await useFreshDatabase();
    const results = await importArchive(null, archive);
    expect(results.map((r) => r.hash).sort()).toEqual(hashes);
    expect(results.every((r) => r.created)).toBe(true);
    expect((await importArchive(null, archive)).every((r) => !r.created)).toBe(true);
    expect(await db().package.count()).toBe(3);
    expect((await db().taskFamily.findMany({ select: { upstreamRepo: true } })).map((f) => f.upstreamRepo).sort()).toEqual(["bench-org/other", "bench-org/shared", "bench-org/shared"]);
  }, 60_000);
});
