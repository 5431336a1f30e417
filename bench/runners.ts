/**
 * Per test runner (lib/runner/testing/runner-families.ts): collection time
 * (cold: mirror clone, prepared workspace with the setup — `npm ci` from the
 * registry for tape, mocha and vitest — and the collect run; warm: collect
 * again on the cached workspace) and calibration time (the 7 calibration runs
 * of a family: gold ×3, base, one negative per atom, the alternative), each
 * beside node:test's as the baseline. Then report parsing: fast-xml-parser
 * against the hand-written reader it replaced, and tap-parser on a tape stream.
 * Run: npx tsx bench/runners.ts
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { collectTests, executeRun } from "../lib/runner/execute";
import { settleDiscards } from "../lib/runner/run-workspace";
import { parseJUnit } from "../lib/runner/parsers/junit";
import { parseTap } from "../lib/runner/parsers/tap";
import { parseXml } from "../lib/runner/parsers/xml";
import { createRunnerFixture, RUNNERS, type TRunnerName } from "../lib/runner/testing/runner-families";
import type { TRunSpec } from "../lib/runner/types";
import { parseXml as parseXmlLegacy } from "./fixtures/legacy-xml";
import { printRows, type BenchRow } from "./types";

const PARSE_CASES = 5000;
const PARSE_REPEATS = 5;

type Figures = { coldCollectMs: number; warmCollectMs: number; calibrationMs: number; calibrationRuns: number };

async function measure(runner: TRunnerName, python: string, cacheDir: string): Promise<Figures> {
  const fixture = await createRunnerFixture(runner, { python });
  try {
    const base = {
      repoUrl: fixture.repoDir, baseCommit: fixture.baseCommit, setupCommand: fixture.setupCommand, testCommand: fixture.testCommand,
      resultFormat: fixture.resultFormat, hiddenTestPatch: fixture.hiddenTestPatch, timeoutMs: 120_000,
    };
    const collect = async () => {
      const started = performance.now();
      const result = await collectTests({ ...base, patch: fixture.goldPatch }, { cacheDir });
      if (result.outcome !== "collected") throw new Error(`${runner}: collect ${result.outcome}: ${result.message}`);
      return performance.now() - started;
    };
    const coldCollectMs = await collect();
    const warmCollectMs = await collect();
    const probes = [fixture.probes.A1, fixture.probes.A2];
    const patches = [fixture.goldPatch, fixture.goldPatch, fixture.goldPatch, null, fixture.negatives.A1, fixture.negatives.A2, fixture.alternative];
    const started = performance.now();
    for (const patch of patches) {
      const spec: TRunSpec = { ...base, patch, historyFile: null, probes };
      const result = await executeRun(spec, { cacheDir });
      if (result.outcome === "infrastructure_error" || result.outcome === "timeout") throw new Error(`${runner}: ${result.outcome}: ${result.message}`);
    }
    const calibrationMs = performance.now() - started;
    await settleDiscards();
    return { coldCollectMs, warmCollectMs, calibrationMs, calibrationRuns: patches.length };
  } finally {
    await rm(fixture.repoDir, { recursive: true, force: true });
  }
}

function junitReport(cases: number): string {
  const rows: string[] = ['<?xml version="1.0" encoding="UTF-8"?>', '<testsuites name="vitest tests">', '<testsuite name="src/m.test.ts">'];
  for (let i = 0; i < cases; i++) {
    rows.push(
      i % 10 === 0
        ? `<testcase classname="src/m.test.ts" name="case ${i} &amp; &lt;more&gt;" time="0.001"><failure message="expected ${i} to be ${i + 1}">AssertionError: expected ${i} to be ${i + 1}\n    at src/m.test.ts:${i}:3</failure></testcase>`
        : `<testcase classname="src/m.test.ts" name="case ${i}" time="0.001"/>`,
    );
  }
  rows.push("</testsuite>", "</testsuites>");
  return rows.join("\n");
}

function tapeStream(tests: number): string {
  const rows = ["TAP version 13"];
  let n = 0;
  for (let i = 0; i < tests; i++) {
    rows.push(`# test ${i}`);
    for (let a = 0; a < 3; a++) rows.push(`ok ${++n} should be strictly equal`);
  }
  rows.push(`1..${n}`, `# tests ${n}`, `# pass  ${n}`, "", "# ok");
  return rows.join("\n");
}

function best(fn: () => unknown): number {
  let min = Infinity;
  for (let i = 0; i < PARSE_REPEATS; i++) {
    const started = performance.now();
    fn();
    min = Math.min(min, performance.now() - started);
  }
  return min;
}

export async function run(): Promise<BenchRow[]> {
  const python = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" }).trim();
  const tmp = await mkdtemp(path.join(os.tmpdir(), "specpath-bench-runners-"));
  const rows: BenchRow[] = [];
  try {
    const figures = new Map<TRunnerName, Figures>();
    for (const runner of RUNNERS) figures.set(runner, await measure(runner, python, path.join(tmp, "cache")));
    const baseline = figures.get("node-test")!;
    for (const [runner, f] of figures) {
      const vs = runner === "node-test" ? {} : undefined;
      rows.push(
        {
          name: `${runner}: cold collection (mirror, prepared workspace${runner === "tape" || runner === "mocha" || runner === "vitest" ? " with npm ci from the registry" : ""}, collect run)`,
          value: f.coldCollectMs, unit: "ms",
          ...(vs ?? { baseline: { name: "node-test", value: baseline.coldCollectMs }, ratio: f.coldCollectMs / baseline.coldCollectMs }),
        },
        {
          name: `${runner}: warm collection (cached workspace)`,
          value: f.warmCollectMs, unit: "ms",
          ...(vs ?? { baseline: { name: "node-test", value: baseline.warmCollectMs }, ratio: f.warmCollectMs / baseline.warmCollectMs }),
        },
        {
          name: `${runner}: calibration, ${f.calibrationRuns} runs one after another (gold ×3, base, 2 negatives, alternative)`,
          value: f.calibrationMs, unit: "ms",
          ...(vs ?? { baseline: { name: "node-test", value: baseline.calibrationMs }, ratio: f.calibrationMs / baseline.calibrationMs }),
        },
      );
    }
  } finally {
    await settleDiscards();
    await rm(tmp, { recursive: true, force: true });
  }
  const xml = junitReport(PARSE_CASES);
  const fxp = best(() => parseXml(xml));
  const legacy = best(() => parseXmlLegacy(xml));
  rows.push(
    {
      name: `XML of a ${PARSE_CASES.toLocaleString("en")}-testcase JUnit report: fast-xml-parser (validate + parse), best of ${PARSE_REPEATS}`,
      value: fxp, unit: "ms",
      baseline: { name: "hand-written reader it replaced", value: legacy }, ratio: fxp / legacy,
    },
    { name: `the same report through parseJUnit (ids, outcomes, failure text)`, value: best(() => parseJUnit(xml)), unit: "ms" },
    { name: `tape stream of ${PARSE_CASES.toLocaleString("en")} tests × 3 assertions through parseTap (tap-parser), best of ${PARSE_REPEATS}`, value: best(() => parseTap(tapeStream(PARSE_CASES))), unit: "ms" },
  );
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (rows) => printRows("runners", rows),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
