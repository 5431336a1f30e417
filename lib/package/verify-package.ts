import "server-only";
import os from "node:os";
import { executeRun } from "@/lib/runner/execute";
import type { TRunSpec } from "@/lib/runner/types";
import { environmentOfPackage } from "./environment";
import { packageHash } from "./hash";
import type { TPackage } from "./types";

export type TVerifyRow = { role: string; patch: string | null; target: string | null; frozen: string | null; now: string | null; outcome: string; match: boolean };
export type TVerifyResult = { hash: string; hashMatches: boolean; rows: TVerifyRow[]; ms: number };

/**
 * Recomputes the package id, then re-runs calibration (gold, base, every negative and
 * alternative) from the package's own contents — repo, base commit, verifier, hidden tests,
 * patches — through the studio's runner, `concurrency` runs at once, and sets each
 * signature beside the frozen one.
 */
export async function verifyPackage(
  content: TPackage,
  hash: string,
  options: { cacheDir: string; concurrency?: number; onProgress?: (done: number, total: number, row: TVerifyRow) => void },
): Promise<TVerifyResult> {
  const started = Date.now();
  const actual = packageHash(content);
  const v = content.verifier;
  // The family's one environment: the same setup script the Harbor image and the SWE-bench image run.
  const env = environmentOfPackage(content);
  const frozenOf = (role: string, patch: string | null) =>
    content.construction_audit.calibration.find((c) => c.role === role && c.patch === patch)?.signature ?? null;
  const jobs = [
    ...content.patches.filter((p) => p.kind === "gold").map((p) => ({ role: "gold", patch: p.name, target: null, diff: p.diff as string | null })),
    { role: "base", patch: null, target: null, diff: null },
    ...content.patches.filter((p) => p.kind === "negative").map((p) => ({ role: "negative", patch: p.name, target: p.targetAtom, diff: p.diff })),
    ...content.patches.filter((p) => p.kind === "alternative").map((p) => ({ role: "alternative", patch: p.name, target: null, diff: p.diff })),
  ];
  const rows: TVerifyRow[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i]!;
      const spec: TRunSpec = {
        repoUrl: content.provenance.repo, baseCommit: content.provenance.baseCommit, setupCommand: env.setupScript, testCommand: v.testCommand,
        resultFormat: v.resultFormat, hiddenTestPatch: v.hiddenTestPatch, timeoutMs: v.timeoutSec * 1000, image: v.image,
        patch: job.diff, historyFile: null, probes: v.probes.map((p) => p.testId),
      };
      const result = await executeRun(spec, { cacheDir: options.cacheDir });
      const frozen = frozenOf(job.role, job.patch);
      rows[i] = { role: job.role, patch: job.patch, target: job.target, frozen, now: result.signature, outcome: result.outcome, match: frozen !== null && frozen === result.signature };
      done += 1;
      options.onProgress?.(done, jobs.length, rows[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? os.availableParallelism(), jobs.length)) }, worker));
  return { hash: actual, hashMatches: actual === hash, rows, ms: Date.now() - started };
}

export function formatMatrix(result: TVerifyResult): string {
  const header = ["role", "patch", "target", "frozen", "now", ""];
  const lines = result.rows.map((r) => [r.role, r.patch ?? "(base)", r.target ?? "", r.frozen ?? "—", r.now ?? `— (${r.outcome})`, r.match ? "same" : "DIFFERS"]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  return [header, ...lines].map((l) => l.map((c, i) => c.padEnd(widths[i]!)).join("  ").trimEnd()).join("\n");
}
