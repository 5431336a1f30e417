// `npm run bench`: every figure beside its baseline, measured in this one run.
// `npm run bench -- contract runner` runs only those sections.
import fs from "node:fs";
import path from "node:path";
import { printRows, type BenchRow } from "./types";

const SECTIONS = ["contract", "anchoring", "runner", "sandbox", "platform", "pool", "runs", "runners", "supervision", "review", "oracle-audit", "package", "evaluation", "grades", "mining", "curator"];
const only = process.argv.slice(2);
const dir = import.meta.dirname;

console.log(`SpecPath Studio benchmarks — ${new Date().toISOString()} — ${process.version}, ${(await import("node:os")).cpus().length} cores`);
let failed = false;
for (const section of SECTIONS.filter((s) => only.length === 0 || only.includes(s))) {
  const file = path.join(dir, `${section}.ts`);
  if (!fs.existsSync(file)) continue;
  const started = Date.now();
  process.stdout.write(`\n… running ${section}`);
  try {
    const mod = (await import(file)) as { run: () => Promise<BenchRow[]> };
    const rows = await mod.run();
    printRows(`${section} (${((Date.now() - started) / 1000).toFixed(0)} s)`, rows);
  } catch (error) {
    failed = true;
    console.error(`\n${section} failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
