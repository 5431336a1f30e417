/**
 * Content-keyed runs (issue 12 items 1–4): what it costs to hash a large family's
 * content for the calibration matrix — every gate report, runs list and
 * calibration request does it once — beside the version-counter keys it replaced,
 * and beside the gate report it feeds.
 * Run: npx tsx bench/runs.ts
 */
import { pathToFileURL } from "node:url";
import { patchDigest, revisionDigest, verifierDigest } from "../lib/runs/content-hash";
import { calibrationMatrix, currentContent } from "../lib/runs/matrix";
import type { BenchRow } from "./types";
import { type TPatchKind } from "@/lib/contract/types";

function median(samples: number[]): number {
  return [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}
function time(fn: () => void, repeats: number): number {
  fn();
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

const PATCHES = 40;
const PATCH_BYTES = 64 * 1024;
const PROBES = 200;
const HISTORIES = 7;
const TURNS = 12;

const line = (i: number) => `+  const value${i} = compute(${i}, "${"x".repeat(40)}");\n`;
const diff = (n: number) => `--- a/src/m.js\n+++ b/src/m.js\n@@ -1,1 +1,${n} @@\n` + Array.from({ length: Math.ceil(PATCH_BYTES / 60) }, (_, i) => line(i + n)).join("");
const patches = Array.from({ length: PATCHES }, (_, i) => ({ id: `p${i}`, kind: (i === 0 ? "gold" : i % 4 === 0 ? "alternative" : "negative") as TPatchKind, diff: diff(i), version: 1 }));
const probeTestIds = Array.from({ length: PROBES }, (_, i) => `test/suite-${i % 10}.test.js > case ${i} keeps its contract`);
const revisions = ["direct", "duplicate", "split", "override", "cancellation", "paraphrase_direct", "length_matched"].slice(0, HISTORIES).map((condition, h) => ({
  id: `r-${condition}`, condition, version: 3,
  turns: Array.from({ length: TURNS }, (_, t) => ({ text: `Turn ${t} of ${condition}: ${"please keep the behavior steady ".repeat(20)}${h}`, activated: [`A${t + 1}`], deactivated: [], restated: [] })),
}));
const verifier = { setupCommand: "npm ci", testCommand: "npx vitest run --reporter=junit", resultFormat: "junit", hiddenTestPatch: diff(999), image: null, probeTestIds };

function contentKeys() {
  const input = {
    familyId: "f",
    verifierDigest: verifierDigest(verifier),
    patches: patches.map((p) => ({ id: p.id, kind: p.kind, digest: patchDigest(p.diff) })),
    coreRevisions: revisions.map((r) => ({ id: r.id, condition: r.condition, digest: revisionDigest({ turns: r.turns, protocol: { historyPath: "HISTORY.md", historyFormat: "markdown" } }) })),
  };
  return currentContent(input).size;
}

// What request keys were before: verifier version, a digest of the probe list, patch and revision version counters.
function versionKeys() {
  const probesKey = probeTestIds.join("\n");
  const keys = new Set<string>();
  for (const p of patches) keys.add(`f:v1:${probesKey.length}:calibrate:${p.id}@${p.version}`);
  for (const p of patches) for (const r of revisions) keys.add(`f:v1:${probesKey.length}:replay:${p.id}@${p.version}:${r.id}@${r.version}`);
  return keys.size;
}

export async function run(): Promise<BenchRow[]> {
  const hashed = time(contentKeys, 15);
  const counted = time(versionKeys, 15);
  const bytes = PATCHES * PATCH_BYTES + PATCH_BYTES;
  const requests = calibrationMatrix({ familyId: "f", verifierDigest: "v", patches: patches.map((p) => ({ id: p.id, kind: p.kind, digest: p.id })), coreRevisions: revisions.map((r) => ({ id: r.id, condition: r.condition, digest: r.id })) }).length;
  return [
    {
      name: `content keys of a family (${PATCHES} patches × ${PATCH_BYTES / 1024} KiB, ${PROBES} probes, ${HISTORIES} histories × ${TURNS} turns; ${requests} runs; ${(bytes / 1024 / 1024).toFixed(1)} MiB hashed)`,
      value: hashed, unit: "ms", baseline: { name: "version-counter keys (not content-safe)", value: counted }, ratio: hashed / counted,
    },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then((rows) => console.log(rows), (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
