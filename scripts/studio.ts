// `npm run studio -- <command>`: the studio on the command line (export, import, gates, verify, evaluate).
// Talks to DATABASE_URL, else to the running studio's embedded PostgreSQL, else starts it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import cliProgress from "cli-progress";
import { DatabaseInUseError } from "../lib/db/embedded";
import { dataDir, openDatabase, prepareDatabase, runningStudioDatabase } from "./studio-env";

let stopDatabase: (() => Promise<void>) | null = null;

async function connect() {
  const dir = dataDir();
  if (!process.env.DATABASE_URL) {
    try {
      const database = await openDatabase(dir);
      process.env.DATABASE_URL = database.url;
      process.env.MIGRATION_DATABASE_URL = database.migrationUrl;
      stopDatabase = database.embedded ? () => database.embedded!.stop() : null;
    } catch (error) {
      const running = error instanceof DatabaseInUseError ? runningStudioDatabase(dir) : null;
      if (!running) throw error;
      process.env.DATABASE_URL = running.url; // the running studio's database
      process.env.MIGRATION_DATABASE_URL = running.migrationUrl;
    }
  }
  // Migrations, the queue schema and the application role's grants need the owner role: made
  // here as `npm start` makes them whenever this process knows it (it opened the database itself,
  // or MIGRATION_DATABASE_URL is set), so every command works on a data folder `npm start` never
  // ran on; with DATABASE_URL alone the studio has prepared it already.
  if (process.env.MIGRATION_DATABASE_URL) await prepareDatabase({ url: process.env.DATABASE_URL!, migrationUrl: process.env.MIGRATION_DATABASE_URL });
  return { db: (await import("../lib/db/client")).db, dir };
}

async function findFamily(ref: string) {
  const { db } = await import("../lib/db/client");
  const byId = await db().taskFamily.findUnique({ where: { id: ref }, select: { id: true, title: true, familyVersion: true } });
  if (byId) return byId;
  const matches = await db().taskFamily.findMany({ where: { title: { contains: ref, mode: "insensitive" } }, select: { id: true, title: true, familyVersion: true }, orderBy: { familyVersion: "desc" } });
  const exact = matches.filter((m) => m.title.toLowerCase() === ref.toLowerCase());
  const pick = exact.length ? exact : matches;
  if (pick.length === 0) throw new Error(`No task family has the id or title "${ref}".`);
  if (new Set(pick.map((m) => m.title)).size > 1) throw new Error(`"${ref}" names several families: ${pick.map((m) => `${m.title} (${m.id})`).join(", ")}. Use an id.`);
  return pick[0]!;
}

function bar(label: string) {
  return new cliProgress.SingleBar({ format: `${label.padEnd(12)} [{bar}] {value}/{total} {step}`, hideCursor: true, clearOnComplete: false }, cliProgress.Presets.shades_classic);
}

const program = new Command().name("studio").description("SpecPath Studio on the command line");

program
  .command("gates")
  .argument("<family>", "family id or title")
  .description("print the gate report of a family")
  .action(async (ref: string) => {
    await connect();
    const family = await findFamily(ref);
    const { getGateReport } = await import("../lib/families/get-gate-report");
    const report = await getGateReport(family.id);
    console.log(`${family.title} (v${family.familyVersion}) — ${report.status}`);
    for (const stage of report.stages) {
      console.log(`\n${stage.title}: ${stage.status}${stage.locked ? " (locked)" : ""}`);
      for (const gate of stage.gates) console.log(`  ${gate.status.padEnd(7)} ${gate.title}${gate.missing ? ` — ${gate.missing}` : ""}`);
    }
  });

program
  .command("export")
  .argument("[family]", "family id or title (its frozen package)")
  .option("-o, --out <dir>", "output folder", "exports")
  .option("-f, --format <formats>", "native,jsonl,harbor", "native,jsonl,harbor")
  .option("-s, --suite <name>", "export every frozen family of a suite into one streamed .tar.gz")
  .description("export a frozen package (native .tar.gz, SWE-bench JSONL, Harbor task folders)")
  .action(async (ref: string | undefined, opts: { out: string; format: string; suite?: string }) => {
    const { dir } = await connect();
    const out = path.resolve(opts.out);
    fs.mkdirSync(out, { recursive: true });
    if (opts.suite) {
      const { exportSuite } = await import("../lib/package/export-suite");
      const progress = bar("suite");
      const result = await exportSuite(opts.suite, path.join(out, `${opts.suite}.tar.gz`), {
        cacheDir: path.join(dir, "cache"),
        onStart: (total) => progress.start(total, 0, { step: "" }),
        onFamily: (done, title) => progress.update(done, { step: title }),
      });
      progress.stop();
      console.log(`${result.file}: ${result.families} families, ${result.instances} JSONL instances (${result.jsonl})`);
      return;
    }
    if (!ref) throw new Error("Name a family, or pass --suite.");
    const family = await findFamily(ref);
    const { loadFrozenPackage } = await import("../lib/package/load-package");
    const pkg = await loadFrozenPackage({ familyId: family.id });
    const formats = opts.format.split(",").map((f) => f.trim());
    const progress = bar("export");
    progress.start(formats.length, 0, { step: pkg.hash.slice(0, 12) });
    const stem = path.join(out, `specpath-${pkg.hash.slice(0, 12)}`);
    const written: string[] = [];
    for (const [i, format] of formats.entries()) {
      progress.update(i, { step: format });
      if (format === "native") written.push(await (await import("../lib/package/native-export")).writeNativeExport(pkg, `${stem}.tar.gz`));
      else if (format === "jsonl") {
        const { toJsonl, sweBenchSpecsOf, sweBenchReadmeOf, specsOfPackages } = await import("../lib/package/swebench");
        const { sweBenchFor } = await import("../lib/package/harbor-export");
        fs.writeFileSync(`${stem}.jsonl`, toJsonl(await sweBenchFor(pkg, path.join(dir, "cache"))));
        const specs = specsOfPackages([pkg.content]);
        fs.writeFileSync(`${stem}.swebench-specs.json`, sweBenchSpecsOf(specs));
        fs.writeFileSync(`${stem}.README.md`, sweBenchReadmeOf(path.basename(`${stem}.jsonl`), specs));
        written.push(`${stem}.jsonl`, `${stem}.swebench-specs.json`, `${stem}.README.md`);
      } else if (format === "harbor") {
        written.push(await (await import("../lib/package/harbor-export")).writeHarborExport(pkg, `${stem}.harbor.tar.gz`, path.join(dir, "cache")));
      } else throw new Error(`Unknown format "${format}" (native, jsonl, harbor).`);
    }
    progress.update(formats.length, { step: "done" });
    progress.stop();
    console.log(`package ${pkg.hash}\n${written.join("\n")}`);
  });

program
  .command("import")
  .argument("<file>", "a native package or a suite archive (.tar.gz)")
  .option("--as <email>", "the lead recorded as importer (default: the first lead)")
  .description("import a native package or every package of a suite archive; refuses a tampered file, naming it; idempotent")
  .action(async (file: string, opts: { as?: string }) => {
    const { db } = await connect();
    const user = await db().user.findFirst({ where: opts.as ? { email: opts.as } : { roles: { has: "lead" } }, orderBy: { createdAt: "asc" }, select: { id: true } });
    if (opts.as && !user) throw new Error(`No account has the email ${opts.as}.`);
    const { importArchive } = await import("../lib/package/import-package");
    for (const result of await importArchive(user?.id ?? null, path.resolve(file))) {
      console.log(`${result.created ? "imported" : "already here"}: package ${result.hash} (family ${result.familyId})`);
    }
  });

program
  .command("verify")
  .argument("<package>", "a package hash (or its first characters), or a native .tar.gz")
  .option("-c, --concurrency <n>", "runs at once", String(os.availableParallelism()))
  .description("recompute every hash, re-run calibration from the package's own contents, print the signature matrix beside the frozen one")
  .action(async (ref: string, opts: { concurrency: string }) => {
    const { db, dir } = await connect();
    const { verifyPackage, formatMatrix } = await import("../lib/package/verify-package");
    let content, hash: string;
    if (fs.existsSync(ref)) {
      const { readTarGz } = await import("../lib/package/native-export");
      const { filesToPackage } = await import("../lib/package/files");
      ({ content, hash } = filesToPackage(await readTarGz(path.resolve(ref))));
      console.log(`MANIFEST: every file matches its sha256`);
    } else {
      const row = await db().package.findFirst({ where: { hash: { startsWith: ref }, frozenAt: { not: null } }, select: { hash: true } });
      if (!row) throw new Error(`No frozen package starts with ${ref}.`);
      const { loadFrozenPackage } = await import("../lib/package/load-package");
      ({ content, hash } = await loadFrozenPackage({ hash: row.hash }));
    }
    const progress = bar("calibrate");
    progress.start(content.patches.length + 1, 0, { step: "" });
    const result = await verifyPackage(content, hash, { cacheDir: path.join(dir, "cache"), concurrency: Number(opts.concurrency), onProgress: (done, _t, row) => progress.update(done, { step: row.patch ?? "base" }) });
    progress.stop();
    console.log(`package id ${hash}: content ${result.hashMatches ? "hashes to it" : `hashes to ${result.hash} — DIFFERENT`}`);
    console.log(formatMatrix(result));
    console.log(`${(result.ms / 1000).toFixed(1)} s`);
    if (!result.hashMatches || result.rows.some((r) => !r.match)) process.exitCode = 1;
  });

program
  .command("evaluate")
  .argument("<results>", "a predictions JSONL file (SWE-bench style) or a Harbor job folder")
  .requiredOption("-e, --evaluation <name>", "the evaluation (created if it does not exist)")
  .option("-p, --packages <hashes>", "comma-separated frozen package hashes (new evaluation; default: every frozen package)")
  .option("--scaffold <name>", "scaffold of predictions rows that do not name one (without it they are stored with none)")
  .option("--as <email>", "the lead recorded as the evaluator (default: the first lead)")
  .option("-c, --concurrency <n>", "grade runs at once in this process", String(os.availableParallelism()))
  .description("import agent results into an evaluation of frozen packages, grade them on the worker pool, print FCR and CPV")
  .action(async (results: string, opts: { evaluation: string; packages?: string; scaffold?: string; as?: string; concurrency: string }) => {
    const { db, dir } = await connect();
    const lead = await db().user.findFirst({ where: opts.as ? { email: opts.as, roles: { has: "lead" } } : { roles: { has: "lead" } }, orderBy: { createdAt: "asc" }, select: { id: true } });
    if (!lead) throw new Error(opts.as ? `${opts.as} is not a lead.` : "No lead account exists to record the evaluation.");
    let evaluation = await db().evaluation.findUnique({ where: { name: opts.evaluation } });
    if (!evaluation) {
      const hashes = opts.packages ? opts.packages.split(",").map((h) => h.trim()) : (await db().package.findMany({ where: { frozenAt: { not: null } }, select: { hash: true } })).map((p) => p.hash);
      const { createEvaluation } = await import("../lib/evaluation/create-evaluation");
      evaluation = await createEvaluation(lead.id, { name: opts.evaluation, packageHashes: hashes, primaryBudgetSec: 1200 });
      console.log(`evaluation "${evaluation.name}" on ${hashes.length} frozen package(s)`);
    }
    const { importResults } = await import("../lib/evaluation/import-results");
    const input = fs.statSync(results).isDirectory()
      ? { format: "harbor" as const, trials: (await import("../lib/evaluation/read-harbor-job")).readHarborJob(path.resolve(results)) }
      : { format: "predictions" as const, text: (await import("../lib/evaluation/read-harbor-job")).readUtf8Strict(results), scaffold: opts.scaffold ?? null };
    const imported = await importResults(lead.id, evaluation.id, input).catch((error: unknown) => {
      const rows = (error as { extra?: { fieldErrors?: { rows?: string[] } } }).extra?.fieldErrors?.rows;
      throw new Error(rows ? `nothing was imported:\n  ${rows.join("\n  ")}` : (error as Error).message);
    });
    console.log(`imported ${imported.imported} attempts`);
    const { requestGrading } = await import("../lib/evaluation/request-grading");
    const grading = await requestGrading(lead.id, evaluation.id);
    const { startWorker } = await import("../workers/worker-process");
    const worker = await startWorker({ concurrency: Number(opts.concurrency), cacheDir: path.join(dir, "cache"), log: () => undefined });
    const { loadEvaluationReport } = await import("../lib/evaluation/load-evaluation-report");
    const progress = bar("grade");
    let report = await loadEvaluationReport(evaluation.id);
    progress.start(report.progress.gradeRuns, report.progress.finished, { step: `${grading.created} new runs` });
    while (report.progress.active > 0) {
      await new Promise((r) => setTimeout(r, 500));
      report = await loadEvaluationReport(evaluation.id);
      progress.update(report.progress.finished);
    }
    progress.stop();
    await worker.stop();
    const { percent } = await import("../lib/evaluation/analysis");
    const a = report.analysis;
    for (const [condition, f] of Object.entries(a.fcr)) if (f.support > 0) console.log(`FCR ${condition.padEnd(18)} ${percent(f.macro.estimate).padStart(6)} (95% CI ${percent(f.macro.low)}–${percent(f.macro.high)}; ${f.support} scored)`);
    console.log(a.summary);
  });

program.hook("postAction", async () => {
  const { disconnectDb } = await import("../lib/db/client");
  await disconnectDb();
  await stopDatabase?.();
});

program.parseAsync().catch(async (error: unknown) => {
  console.error(`studio: ${(error as Error).message}`);
  await stopDatabase?.().catch(() => undefined);
  process.exit(1);
});
