// Freeze → export → import on a real database with real calibration runs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { stopBoss } from "@/lib/jobs/boss";
import { useFreshDatabase } from "@/lib/testing/db";
import { startWorker } from "@/workers/worker-process";
import { updateAtom } from "@/lib/atoms/update-atom";
import { freezeFamily } from "./freeze-family";
import { loadFrozenPackage, type TFrozenPackage } from "./load-package";
import { writeNativeExport, readTarGz } from "./native-export";
import { importPackage } from "./import-package";
import { addAnnotation } from "./add-annotation";
import { packageHash } from "./hash";
import { ZSweBenchInstanceSchema, toJsonl } from "./swebench";
import { buildGreenDemoFamily } from "@/lib/testing/frozen-demo";
import { openNewVersion } from "./open-new-version";
import { freezeDemoWhenGreen } from "@/lib/package/freeze-demo-when-green";
import { parse as parseToml } from "smol-toml";
import { runSandboxed } from "@/lib/runner/sandbox";
import { renderHistory } from "@/lib/contract/render-history";
import { harborFiles, sweBenchFor } from "./harbor-export";
import { harborTaskName, ZHarborTaskTomlSchema } from "./harbor";
import { writeTree } from "./native-export";

let tmp: string;
let worker: Awaited<ReturnType<typeof startWorker>>;
let built: Awaited<ReturnType<typeof buildGreenDemoFamily>>;
let pkg: TFrozenPackage;

beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-package-"));
  worker = await startWorker({ concurrency: 2, cacheDir: path.join(tmp, "cache"), log: () => undefined });
  built = await buildGreenDemoFamily(tmp);
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await stopBoss({ graceful: false, timeout: 1000 });
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("freeze", () => {
  it("is refused to a curator, and to a lead while a gate is not green", async () => {
    await expect(freezeFamily({ id: built.curator.id, roles: ["curator"] }, built.family.id)).rejects.toThrow(/Only a lead/);
    const notGreen = built.report.stages.filter((s) => s.stage !== "freeze" && s.status !== "pass").map((s) => [s.stage, s.missing]);
    expect(notGreen).toEqual([]);
  });

  it("freezes a green family into a content-addressed package (the demo path: its lead, once the gates are green)", async () => {
    const hash = await freezeDemoWhenGreen(built.family.title, { timeoutMs: 30_000, intervalMs: 200 });
    const frozen = { hash: hash! };
    expect(frozen.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await db().package.findUniqueOrThrow({ where: { hash: frozen.hash } })).frozenById).toBe(built.lead.id);
    pkg = await loadFrozenPackage({ familyId: built.family.id });
    expect(packageHash(pkg.content)).toBe(frozen.hash);
    expect(pkg.content.construction_audit.schema_version).toBe("4.0");
    expect(pkg.content.histories).toHaveLength(7);
    expect(pkg.content.construction_audit.review.every((r) => r.reviews === 2 && r.exactMatch === 2)).toBe(true);
    expect(pkg.content.construction_audit.calibration.find((c) => c.role === "gold")?.signature).toMatch(/^1+$/);
    const family = await db().taskFamily.findUniqueOrThrow({ where: { id: built.family.id } });
    expect(family.frozen).toBe(true);
    await expect(freezeFamily({ id: built.lead.id, roles: ["lead"] }, built.family.id)).rejects.toThrow(new RegExp(frozen.hash));
  });

  it("refuses edits through the API path with 409 naming the package, and raw SQL on an atom", async () => {
    const atom = await db().atom.findFirstOrThrow({ where: { familyId: built.family.id, key: "A1" } });
    await expect(updateAtom(built.curator.id, built.family.id, atom.id, { version: atom.version, statement: "changed" })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining(pkg.hash),
    });
    await expect(db().$executeRawUnsafe(`UPDATE "Atom" SET statement = 'forged' WHERE id = '${atom.id}'`)).rejects.toThrow(/frozen in package/);
    await expect(db().$executeRawUnsafe(`DELETE FROM "Turn" WHERE "revisionId" IN (SELECT hr.id FROM "HistoryRevision" hr JOIN "History" h ON h.id = hr."historyId" WHERE h."familyId" = '${built.family.id}')`)).rejects.toThrow(/frozen in package/);
    await expect(db().$executeRawUnsafe(`UPDATE "Review" SET "finalSet" = '{}'`)).rejects.toThrow(/frozen in package/);
    await expect(db().atom.create({ data: { familyId: built.family.id, key: "A99", statement: "new" } })).rejects.toThrow(/frozen in package/);
    expect((await db().atom.findUniqueOrThrow({ where: { id: atom.id } })).statement).toBe(atom.statement);
  });

  it("adds annotations without changing the hash", async () => {
    await addAnnotation(built.lead.id, built.family.id, pkg.id, { kind: "known_asymmetry", body: "Split turn 2 is longer.", rationale: "Found after freeze." });
    const again = await loadFrozenPackage({ familyId: built.family.id });
    expect(again.hash).toBe(pkg.hash);
    expect(packageHash(again.content)).toBe(pkg.hash);
    expect(again.annotations.map((a) => a.body)).toEqual(["Split turn 2 is longer."]);
    pkg = again;
  });
});

describe("CLI", () => {
  const studio = (...args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", path.resolve("scripts/studio.ts"), ...args], {
      encoding: "utf8", env: { ...process.env, STUDIO_DATA_DIR: path.join(tmp, "cli-data") }, timeout: 240_000,
    });

  it("prints the gates, exports all three formats and verifies the package by re-running calibration", () => {
    const gates = studio("gates", built.family.id);
    expect(gates.stderr).toBe("");
    expect(gates.stdout).toContain("Independent audit: pass");
    const exported = studio("export", built.family.id, "--out", path.join(tmp, "cli-out"));
    expect(exported.status, exported.stderr).toBe(0);
    expect(exported.stdout).toContain(`package ${pkg.hash}`);
    for (const ext of [".tar.gz", ".jsonl", ".harbor.tar.gz"]) expect(fs.existsSync(path.join(tmp, "cli-out", `specpath-${pkg.hash.slice(0, 12)}${ext}`)), ext).toBe(true);
    const verified = studio("verify", path.join(tmp, "cli-out", `specpath-${pkg.hash.slice(0, 12)}.tar.gz`), "--concurrency", "2");
    expect(verified.status, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toContain("hashes to it");
    expect(verified.stdout).toMatch(/gold\s+gold\s+1+\s+1+\s+same/);
    expect(verified.stdout).not.toContain("DIFFERS");
  }, 300_000);

  it("exports the suite byte-reproducibly; a fresh data folder `npm start` never ran on imports the archive and verify reproduces every hash", () => {
    const suite = "frozen-demo";
    const first = studio("export", "--suite", suite, "--out", path.join(tmp, "suite-1"));
    expect(first.status, first.stderr).toBe(0);
    const second = studio("export", "--suite", suite, "--out", path.join(tmp, "suite-2"));
    expect(second.status, second.stderr).toBe(0);
    for (const name of [`${suite}.tar.gz`, `${suite}.jsonl`, `${suite}.swebench-specs.json`, `${suite}.README.md`]) {
      expect(fs.readFileSync(path.join(tmp, "suite-2", name)).equals(fs.readFileSync(path.join(tmp, "suite-1", name))), name).toBe(true);
    }
    const archive = path.join(tmp, "suite-1", `${suite}.tar.gz`);
    const fresh = (...args: string[]) => {
      const env: NodeJS.ProcessEnv = { ...process.env, STUDIO_DATA_DIR: path.join(tmp, "fresh-data") };
      delete env.DATABASE_URL;
      delete env.MIGRATION_DATABASE_URL;
      return spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", path.resolve("scripts/studio.ts"), ...args], { encoding: "utf8", env, timeout: 300_000 });
    };
    const imported = fresh("import", archive);
    expect(imported.status, imported.stdout + imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`imported: package ${pkg.hash}`);
    const again = fresh("import", archive);
    expect(again.stdout).toContain(`already here: package ${pkg.hash}`);
    const verified = fresh("verify", pkg.hash.slice(0, 16), "--concurrency", "2");
    expect(verified.status, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`package id ${pkg.hash}: content hashes to it`);
    expect(verified.stdout).not.toContain("DIFFERS");
    const gates = fresh("gates", "no such family");
    expect(gates.stderr).toContain('No task family has the id or title "no such family"');
    expect(gates.stderr).not.toContain("permission denied");
  }, 600_000);
});

describe("versions", () => {
  it("opens draft version 2 from the frozen family; the old package stays", async () => {
    const next = await openNewVersion({ id: built.lead.id, roles: ["lead"] }, built.family.id);
    expect(next.familyVersion).toBe(2);
    const v2 = await db().taskFamily.findUniqueOrThrow({ where: { id: next.id }, include: { atoms: true, histories: { include: { revisions: { include: { turns: true } } } } } });
    expect(v2.frozen).toBe(false);
    expect(v2.atoms.length).toBeGreaterThan(0);
    expect(v2.histories).toHaveLength(7);
    const turn = v2.histories[0]!.revisions[0]!.turns[0]!;
    await db().turn.update({ where: { id: turn.id }, data: { text: `${turn.text} (reworded)` } });
    await expect(openNewVersion({ id: built.lead.id, roles: ["lead"] }, built.family.id)).rejects.toThrow(/already open/);
    expect((await loadFrozenPackage({ familyId: built.family.id })).hash).toBe(pkg.hash);
  });
});

describe("native export and import", () => {
  let file: string;

  it("round-trips to the identical hash, idempotently", async () => {
    file = await writeNativeExport(pkg, path.join(tmp, "out", "native.tar.gz"));
    const files = await readTarGz(file);
    for (const name of ["task.json", "contract.json", "histories/direct.md", "traces/direct.json", "verifier/verifier.json", "audit.json", "annotations.json", "MANIFEST"]) {
      expect(files.has(name), name).toBe(true);
    }
    expect(files.get("histories/direct.md")).not.toMatch(/\bA\d+\b/);
    const first = await importPackage(built.lead.id, file);
    expect(first.hash).toBe(pkg.hash);
    // Another studio would create it; here the hash is already stored, so import is a no-op.
    expect(first.created).toBe(false);
    const second = await importPackage(built.lead.id, file);
    expect(second).toEqual(first);
  });

  it("imports into an empty studio with the identical hash", async () => {
    await useFreshDatabase();
    const lead = await db().user.create({ data: { email: "lead@other", name: "Other lead", roles: ["lead"] } });
    const result = await importPackage(lead.id, file);
    expect(result).toMatchObject({ hash: pkg.hash, created: true });
    const stored = await loadFrozenPackage({ hash: pkg.hash });
    expect(packageHash(stored.content)).toBe(pkg.hash);
    expect(stored.annotations).toHaveLength(1);
    expect(await importPackage(lead.id, file)).toEqual({ ...result, created: false });
    expect(await db().package.count()).toBe(1);
  });

  it("refuses a package with one byte changed in a patch, naming the file", async () => {
    const dir = path.join(tmp, "tampered");
    fs.mkdirSync(dir, { recursive: true });
    await tar.x({ file, cwd: dir });
    const [top] = fs.readdirSync(dir);
    const patchFile = fs.readdirSync(path.join(dir, top!, "patches")).find((f) => f.includes("gold"))!;
    const full = path.join(dir, top!, "patches", patchFile);
    const bytes = fs.readFileSync(full);
    bytes[bytes.length - 2] = bytes[bytes.length - 2] === 0x41 ? 0x42 : 0x41;
    fs.writeFileSync(full, bytes);
    const tampered = path.join(tmp, "tampered.tar.gz");
    await tar.c({ gzip: true, file: tampered, cwd: dir }, [top!]);
    await expect(importPackage(null, tampered)).rejects.toThrow(new RegExp(`patches/${patchFile}`));
  });

  it("writes one SWE-bench instance per history that validates, naming the upstream and never the local path", async () => {
    const instances = await sweBenchFor(pkg, path.join(tmp, "cache"));
    expect(instances).toHaveLength(7);
    const lines = toJsonl(instances).trimEnd().split("\n").map((l) => ZSweBenchInstanceSchema.parse(JSON.parse(l)));
    expect(new Set(lines.map((l) => l.instance_id)).size).toBe(7);
    const base = pkg.content.construction_audit.calibration.find((c) => c.role === "base")!.signature!;
    const guards = new Set(pkg.content.verifier.guardTests);
    expect(JSON.parse(lines[0]!.FAIL_TO_PASS)).toEqual(pkg.content.verifier.probes.filter((p, i) => base[i] === "0" && !guards.has(p.testId)).map((p) => p.testId));
    expect(JSON.parse(lines[0]!.PASS_TO_PASS)).toEqual(pkg.content.verifier.probes.filter((p, i) => base[i] === "1" || guards.has(p.testId)).map((p) => p.testId));
    expect(lines[0]!).toMatchObject({ repo: "specpath-demo/secret-lookup", log_parser: "parse_log_tap", eval_type: "pass_and_fail", pull_number: 13 });
    expect(lines[0]!.problem_statement).toContain("# Conversation history");
    expect(toJsonl(instances)).not.toContain(built.repo.dir);
  });
});

describe("Harbor export", () => {
  /** Harbor's own task model when the `harbor` package installs here (PyPI is not reachable on the build machine). */
  function harborTaskModel(): string | null {
    const venv = path.join(tmp, "harbor-venv");
    const made = spawnSync("python3", ["-m", "venv", venv], { encoding: "utf8" });
    if (made.status !== 0) return null;
    const pip = spawnSync(path.join(venv, "bin", "pip"), ["install", "--quiet", "--timeout", "5", "--retries", "0", "harbor"], { encoding: "utf8", timeout: 120_000 });
    return pip.status === 0 ? path.join(venv, "bin", "python") : null;
  }

  it("lays a task out as Harbor would and scores the oracle 1, the untouched base 0", async () => {
    const files = await harborFiles(pkg, path.join(tmp, "cache"));
    const name = harborTaskName(pkg.content, "split");
    const of = (p: string) => files.find((f) => f.path === `${name}/${p}`) as { path: string; content: string | Uint8Array };
    for (const p of ["task.toml", "instruction.md", "environment/Dockerfile", "environment/repo.tar", "tests/test.sh", "solution/solve.sh"]) expect(of(p), p).toBeDefined();

    const toml = parseToml(of("task.toml").content as string);
    const python = harborTaskModel();
    if (python) {
      const taskToml = path.join(tmp, "task.toml");
      fs.writeFileSync(taskToml, of("task.toml").content);
      const check = spawnSync(python, ["-c", "import sys; from harbor.models.task.config import TaskConfig; TaskConfig.model_validate_toml(open(sys.argv[1]).read())", taskToml], { encoding: "utf8" });
      expect(check.stderr).toBe("");
    } else {
      expect(ZHarborTaskTomlSchema.parse(toml)).toMatchObject({ metadata: { package: pkg.hash, condition: "split" } });
    }
    expect(of("instruction.md").content).toBe(renderHistory(pkg.content.histories.find((h) => h.condition === "split")!.turns, pkg.content.protocol).content);

    async function trial(withSolution: boolean) {
      const root = fs.mkdtempSync(path.join(tmp, "trial-"));
      const app = path.join(root, "app");
      const tasks = path.join(root, "tasks");
      fs.mkdirSync(app);
      await writeTree(tasks, files);
      const out = path.join(tasks, name);
      fs.mkdirSync(path.join(out, "logs"));
      // The environment as the Dockerfile builds it: the base snapshot, prepared (commit, setup, tag specpath-env).
      spawnSync("sh", [path.join(out, "environment", "prepare.sh")], { cwd: app, encoding: "utf8" });
      const command = `${withSolution ? 'bash "$SPECPATH_OUT/solution/solve.sh" && ' : ""}bash "$SPECPATH_OUT/tests/test.sh"`;
      const result = await runSandboxed({
        command, workspace: app, outputDir: out, timeoutMs: 120_000,
        env: (paths) => ({ SPECPATH_OUT: paths.output, SPECPATH_APP_DIR: paths.workspace, SPECPATH_LOGS_DIR: `${paths.output}/logs` }),
      });
      const reward = fs.readFileSync(path.join(out, "logs", "reward.txt"), "utf8").trim();
      const signature = fs.readFileSync(path.join(out, "logs", "signature.txt"), "utf8").trim();
      return { reward, signature, result };
    }
    const oracle = await trial(true);
    expect([oracle.reward, oracle.result.stderr.slice(-500)]).toEqual(["1", expect.any(String)]);
    const gold = pkg.content.construction_audit.calibration.find((c) => c.role === "gold")!.signature;
    expect(oracle.signature).toBe(gold);
    const base = await trial(false);
    expect(base.reward).toBe("0");
    expect(base.signature).toBe(pkg.content.construction_audit.calibration.find((c) => c.role === "base")!.signature);
  }, 180_000);
});
