// `npm test`: the type check, then every test in three layers — unit, integration
// (real PostgreSQL), end-to-end (real browser against the studio started as `npm start` starts it).
//
// The integration layer runs its files one at a time and mostly waits (on PostgreSQL, git and
// sandboxed processes), so the type check and the unit layer run beside it, their output held
// back and printed after it; the end-to-end layer runs last and alone (it builds and starts the
// studio). `npm test -- unit integration` runs just those layers, in the same lanes.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);
const only = process.argv.slice(2);

type TLayer = { name: string; cmd: string; args: string[]; report?: string; retryFailedFiles?: boolean };
type TFailure = { file: string; line: string };
type TResult = { name: string; ok: boolean; seconds: string; failures: TFailure[]; flaky: TFailure[] };

// Each vitest layer also writes a JSON report, so the summary at the very end names what failed —
// the end of a long log is often all a CI page shows.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-reports-"));
const vitestLayer = (name: string, files: string[] = [], tag = name): TLayer => {
  const report = path.join(reports, `${tag}.json`);
  return { name, cmd: bin("vitest"), args: ["run", "--project", name, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...files], report };
};

const LAYERS: Record<string, TLayer> = {
  typecheck: { name: "typecheck", cmd: bin("tsc"), args: ["--noEmit", "-p", "."] },
  unit: vitestLayer("unit"),
  // Its files drive real processes (sandboxes, a studio, PostgreSQL restarts) against wall-clock
  // limits, so on a loaded machine a file can fail for time alone: a failed file is run once more,
  // alone, and the summary names it as flaky when it then passes. A file that fails twice fails.
  integration: { ...vitestLayer("integration"), retryFailedFiles: true },
  e2e: { name: "e2e", cmd: bin("playwright"), args: ["test"] },
};
const wanted = (names: string[]) => names.filter((name) => only.length === 0 || only.includes(name)).map((name) => LAYERS[name]!);

/** Runs one layer; its output goes to the terminal, or to `heldBack` to be printed later. */
function runLayer(layer: TLayer, heldBack?: fs.WriteStream): Promise<TResult> {
  const started = Date.now();
  console.log(heldBack ? `\n━━ ${layer.name} tests (beside the integration layer; output below when it ends) ━━` : `\n━━ ${layer.name} tests ━━`);
  return new Promise((resolve) => {
    const child = spawn(layer.cmd, layer.args, { cwd: root, stdio: heldBack ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, FORCE_COLOR: "1" } });
    if (heldBack) {
      heldBack.write(`\n━━ ${layer.name} tests ━━\n`);
      child.stdout!.pipe(heldBack, { end: false });
      child.stderr!.pipe(heldBack, { end: false });
    }
    const finish = (ok: boolean) => {
      const result = { name: layer.name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1), failures: ok ? [] : failuresIn(layer), flaky: [] };
      if (heldBack) console.log(`${ok ? "✓" : "✗"} ${layer.name} ended (${result.seconds} s)`);
      resolve(result);
    };
    child.on("error", () => finish(false));
    child.on("close", (code) => finish(code === 0));
  });
}

/** Every failed test of a vitest layer's JSON report: its file, and "file › test: first line of the error". */
function failuresIn(layer: TLayer): TFailure[] {
  if (!layer.report) return [];
  let report: { testResults?: { name: string; status: string; message?: string; assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[] }[] };
  try {
    report = JSON.parse(fs.readFileSync(layer.report, "utf8"));
  } catch {
    return [{ file: "", line: "(no JSON report: the layer stopped before vitest wrote one)" }];
  }
  const firstLine = (text: string | undefined) => (text ?? "").split("\n").find((line) => line.trim() !== "")?.trim().slice(0, 300) ?? "";
  const out: TFailure[] = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) out.push({ file: where, line: `${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}` });
    if (failed.length === 0 && file.status === "failed") out.push({ file: where, line: `${where}: ${firstLine(file.message)}` });
  }
  return out;
}

async function inSequence(layers: TLayer[], heldBack?: fs.WriteStream): Promise<TResult[]> {
  const results: TResult[] = [];
  for (const layer of layers) results.push(await retryingFailedFiles(layer, await runLayer(layer, heldBack)));
  return results;
}

/** For a layer that retries: each failed file once more, alone; passed then, its failures are flaky. */
async function retryingFailedFiles(layer: TLayer, result: TResult): Promise<TResult> {
  const files = [...new Set(result.failures.map((f) => f.file))];
  if (result.ok || !layer.retryFailedFiles || files.length === 0 || files.includes("")) return result;
  const still: TFailure[] = [];
  const flaky: TFailure[] = [];
  for (const [i, file] of files.entries()) {
    console.log(`\n━━ ${layer.name}: ${file} failed; running it once more, alone ━━`);
    const again = await runLayer(vitestLayer(layer.name, [file], `${layer.name}-retry-${i}`));
    const failedHere = result.failures.filter((f) => f.file === file);
    if (again.ok) flaky.push(...failedHere);
    else still.push(...(again.failures.length > 0 ? again.failures : failedHere));
  }
  return { ...result, ok: still.length === 0, failures: still, flaky };
}

const beside = wanted(["typecheck", "unit"]);
const integration = wanted(["integration"]);
const results: TResult[] = [];
if (integration.length > 0 && beside.length > 0) {
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "specpath-test-")), "beside.log");
  const heldBack = fs.createWriteStream(logFile);
  const [side, main] = await Promise.all([inSequence(beside, heldBack), inSequence(integration)]);
  await new Promise((resolve) => heldBack.end(resolve));
  process.stdout.write(fs.readFileSync(logFile));
  results.push(...side, ...main);
} else {
  results.push(...(await inSequence([...beside, ...integration])));
}
results.push(...(await inSequence(wanted(["e2e"]))));

console.log("\n━━ summary ━━");
for (const r of results) {
  console.log(`${r.ok ? "✓" : "✗"} ${r.name.padEnd(12)} ${r.seconds} s`);
  for (const failure of r.failures) console.log(`    ✗ ${failure.line}`);
  for (const failure of r.flaky) console.log(`    ⚠ flaky (failed in the full run, passed alone): ${failure.line}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
