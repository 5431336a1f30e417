// A suite export as a job: progress, a streamed archive of every frozen package, JSONL beside it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { useFreshDatabase } from "@/lib/testing/db";
import { makeUser } from "@/lib/testing/factories";
import { seedGeneratedSuite } from "@/bench/fixtures/package-suite";
import { filesToPackage } from "./files";
import { packageHash } from "./hash";
import { getExportJob, startSuiteExport } from "./start-suite-export";
import { ZSweBenchInstanceSchema } from "./swebench";

let tmp: string;
beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-suite-export-"));
  process.env.STUDIO_DATA_DIR = tmp;
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("suite export job", () => {
  it("reports progress, then holds every package, each with its own hash, and one JSONL line per history", async () => {
    const ids = await seedGeneratedSuite(db(), "three", 3);
    const lead = await makeUser(["lead"]);
    const suite = await db().suite.findUniqueOrThrow({ where: { name: "three" } });
    const job = await startSuiteExport(lead.id, suite.id);
    expect(job.status).toBe("running");
    let current = await getExportJob(job.id);
    for (let i = 0; i < 200 && current.status === "running"; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      current = await getExportJob(job.id);
    }
    expect(current).toMatchObject({ status: "done", progress: 3, total: 3 });

    const out = path.join(tmp, "unpacked");
    fs.mkdirSync(out);
    await tar.x({ file: current.file!, cwd: out });
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
    const lines = fs.readFileSync(current.file!.replace(/\.tar\.gz$/, ".jsonl"), "utf8").trimEnd().split("\n");
    expect(lines).toHaveLength(3 * 7);
    for (const line of lines) ZSweBenchInstanceSchema.parse(JSON.parse(line));
  });
});
