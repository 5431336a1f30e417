// Bundled (esbuild) into each Harbor task as tests/specpath_signature.mjs: the studio's own
// report parsers and signature rule, so a harness scores a history exactly as calibration did.
// usage: node specpath_signature.mjs <report> <junit|tap> <probes.txt> <logs dir> <workspace> [stdout file]
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseJUnit } from "../../../workers/runner/parsers/junit";
import { parseTap } from "../../../workers/runner/parsers/tap";
import { computeSignature } from "../../../workers/runner/signature";

const [report, format, probesFile, logs, workspace, stdoutFile] = process.argv.slice(2) as [string, string, string, string, string, string?];
const probes = readFileSync(probesFile, "utf8").split("\n").filter(Boolean);
let result: { outcome: string; bits: string; missing: string[]; error?: string };
try {
  const text = existsSync(report) ? readFileSync(report, "utf8") : format === "tap" && stdoutFile && existsSync(stdoutFile) ? readFileSync(stdoutFile, "utf8") : null;
  if (text === null) throw new Error(`the test command wrote no report at ${report}`);
  const roots = [workspace, path.resolve(workspace)];
  const parsed = format === "tap" ? parseTap(text, { roots }) : parseJUnit(text, { roots });
  const signature = computeSignature(probes, parsed.tests);
  result = { outcome: signature.outcome, bits: signature.bits, missing: signature.missing };
} catch (error) {
  result = { outcome: "report_error", bits: "0".repeat(probes.length), missing: [], error: (error as Error).message };
}
const reward = result.outcome === "passed" ? 1 : 0;
writeFileSync(path.join(logs, "signature.txt"), `${result.bits}\n`);
writeFileSync(path.join(logs, "signature.json"), `${JSON.stringify({ ...result, probes, reward }, null, 2)}\n`);
writeFileSync(path.join(logs, "reward.txt"), `${reward}\n`);
console.log(`specpath signature ${result.bits} (${result.outcome}) reward ${reward}`);
