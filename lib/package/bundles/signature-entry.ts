// Bundled (esbuild) into each Harbor task as tests/specpath_signature.mjs: the studio's own
// report parsers and signature rule, so a harness scores a history exactly as calibration did.
// usage: node specpath_signature.mjs <report> <junit|tap> <probes.txt> <logs dir> <workspace> [stdout file] [canaries.json]
// With canaries.json (the grading recipe's tamper canaries, lib/grading/recipe.ts), canary tests
// never enter the signature, and a run they call tampered gets reward 0.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseJUnit } from "../../runner/parsers/junit";
import { parseTap } from "../../runner/parsers/tap";
import { computeSignature } from "../../runner/signature";
import { canaryVerdict, isCanaryTest, type TCanary } from "../../grading/recipe";

const [report, format, probesFile, logs, workspace, stdoutFile, canariesFile] = process.argv.slice(2) as [string, string, string, string, string, string?, string?];
const probes = readFileSync(probesFile, "utf8").split("\n").filter(Boolean);
let result: { outcome: string; bits: string; missing: string[]; error?: string };
try {
  const text = existsSync(report) ? readFileSync(report, "utf8") : format === "tap" && stdoutFile && existsSync(stdoutFile) ? readFileSync(stdoutFile, "utf8") : null;
  if (text === null) throw new Error(`the test command wrote no report at ${report}`);
  const roots = [workspace, path.resolve(workspace)];
  const parsed = format === "tap" ? parseTap(text, { roots }) : parseJUnit(text, { roots });
  const plan = canariesFile && existsSync(canariesFile) ? (JSON.parse(readFileSync(canariesFile, "utf8")) as { nonce: string; canaries: TCanary[] }) : null;
  const tests = plan ? parsed.tests.filter((t) => !isCanaryTest(t.id, plan.nonce)) : parsed.tests;
  const signature = computeSignature(probes, tests);
  const verdict = plan ? canaryVerdict(plan.canaries, parsed.tests, plan.nonce, signature.missing.length === 0) : { tampered: false, reason: null };
  result = verdict.tampered
    ? { outcome: "tampered", bits: "0".repeat(probes.length), missing: signature.missing, error: verdict.reason ?? undefined }
    : { outcome: signature.outcome, bits: signature.bits, missing: signature.missing };
} catch (error) {
  result = { outcome: "report_error", bits: "0".repeat(probes.length), missing: [], error: (error as Error).message };
}
const reward = result.outcome === "passed" ? 1 : 0;
writeFileSync(path.join(logs, "signature.txt"), `${result.bits}\n`);
writeFileSync(path.join(logs, "signature.json"), `${JSON.stringify({ ...result, probes, reward }, null, 2)}\n`);
writeFileSync(path.join(logs, "reward.txt"), `${reward}\n`);
console.log(`specpath signature ${result.bits} (${result.outcome}) reward ${reward}`);
