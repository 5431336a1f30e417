/**
 * The held-out figures, re-measured from git: each held-out set audited by the analyzer that met
 * it first (the commit its first run used, with the case files that run read), scored by today's
 * scorer — pooled, and per kind of dependency (names, keywords and arguments, paths, literals).
 * These are the figures that say how the rules carry to repositories they were not written for;
 * every set has been tuned on since. Each commit's tree is exported (git archive) under
 * $TMPDIR/specpath-first-runs (kept for the next run) and audited in a process of its own:
 *   npx tsx bench/oracle-audit-first-runs.ts
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEPENDENCY_KINDS, KIND_PLURALS } from "../lib/oracle-audit/real-corpus/by-kind";
import type { TRealCase } from "../lib/oracle-audit/real-corpus/schema";
import { scoreRealCorpus, type TCaseObservation, type TRealCorpusScore } from "../lib/oracle-audit/real-corpus/score";
import { printRows, type BenchRow } from "./types";

/** Each held-out set's first run: the commit whose analyzer and case files it used (README, "first run" sections). */
export const FIRST_RUNS: readonly { set: string; dir: string; commit: string; analyzer: string }[] = [
  { set: "held-out", dir: "held-out", commit: "9802986", analyzer: "commit 9802986" },
  { set: "held-out-2", dir: "held-out-2", commit: "f4a872d", analyzer: "commit f4a872d" },
  { set: "held-out-3", dir: "held-out-3", commit: "3ca4a44", analyzer: "6" },
  { set: "held-out-4", dir: "held-out-4", commit: "91ffe2a^", analyzer: "7" },
  { set: "held-out-5", dir: "held-out-5", commit: "e4203c1^", analyzer: "9" },
  { set: "held-out-6", dir: "held-out-6", commit: "05d4c3b^", analyzer: "10" },
  { set: "held-out-7", dir: "held-out-7", commit: "3bf5c3a^", analyzer: "12" },
  { set: "held-out-8", dir: "held-out-8", commit: "2654216^", analyzer: "13" },
  { set: "held-out-9", dir: "held-out-9", commit: "51d72eb^", analyzer: "14" },
  { set: "held-out-10", dir: "held-out-10", commit: "85b4646", analyzer: "16" },
  { set: "held-out-12", dir: "held-out-12", commit: "afeab03", analyzer: "18" },
  { set: "held-out-11", dir: "held-out-11", commit: "5389986", analyzer: "19" },
  { set: "held-out-13", dir: "held-out-13", commit: "48a51ea", analyzer: "20" },
  { set: "held-out-14", dir: "held-out-14", commit: "3d870a8", analyzer: "22" },
  { set: "held-out-15", dir: "held-out-15", commit: "3d870a8", analyzer: "22" },
  { set: "held-out-16", dir: "held-out-16", commit: "8224635", analyzer: "23" },
  { set: "held-out-17", dir: "held-out-17", commit: "8224635", analyzer: "23" },
  { set: "held-out-18", dir: "held-out-18", commit: "f07f9e5", analyzer: "25" },
  { set: "held-out-19", dir: "held-out-19", commit: "f07f9e5", analyzer: "25" },
  { set: "held-out-20", dir: "held-out-20", commit: "86650a7", analyzer: "28" },
  { set: "held-out-21", dir: "held-out-21", commit: "86650a7", analyzer: "28" },
  { set: "held-out-22", dir: "held-out-22", commit: "9938a12", analyzer: "34" },
  { set: "held-out-23", dir: "held-out-23", commit: "0054738", analyzer: "37" },
  { set: "held-out-24", dir: "held-out-24", commit: "c89b4d8", analyzer: "40" },
  { set: "held-out-25", dir: "held-out-25", commit: "76073d6", analyzer: "42" },
  { set: "held-out-26", dir: "held-out-26", commit: "4b32272", analyzer: "44" },
];

const ROOT = path.resolve(import.meta.dirname, "..");
const EXPORTS = path.join(os.tmpdir(), "specpath-first-runs");

// Run inside the old checkout: its own loader and audit, this output shape (stable since the first set).
const OBSERVE = `
import fs from "node:fs";
import { loadCorpus } from "./lib/oracle-audit/real-corpus/load";
import { observeCase } from "./lib/oracle-audit/real-corpus/measure";
const [dir, out] = process.argv.slice(2);
const loaded = loadCorpus(dir).flatMap((o) => (o.ok ? [o.loaded] : []));
const observations = [];
for (const l of loaded) observations.push(await observeCase(l));
fs.writeFileSync(out, JSON.stringify({ cases: loaded.map((l) => l.case), observations }));
`;

type TFirstRun = { set: string; analyzer: string; commit: string; cases: TRealCase[]; observations: TCaseObservation[]; score: TRealCorpusScore };

function checkout(commit: string): string {
  const sha = execFileSync("git", ["-C", ROOT, "rev-parse", "--short", commit], { encoding: "utf8" }).trim();
  const dir = path.join(EXPORTS, sha);
  if (!fs.existsSync(path.join(dir, "package.json"))) {
    // A plain export of the commit's tree (no worktree registered in the repository).
    fs.mkdirSync(dir, { recursive: true });
    execFileSync("sh", ["-c", `git -C "$0" archive "$1" | tar -x -C "$2"`, ROOT, sha, dir]);
  }
  // The dependencies have not changed since the first set; the old tree resolves them from today's.
  if (!fs.existsSync(path.join(dir, "node_modules"))) fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

export function firstRunOf(run: (typeof FIRST_RUNS)[number]): TFirstRun {
  const dir = checkout(run.commit);
  const script = path.join(dir, ".first-run-observe.ts");
  const out = path.join(dir, `.first-run-${run.set}.json`);
  fs.writeFileSync(script, OBSERVE);
  execFileSync(process.execPath, ["--import", "tsx", script, path.join(dir, "lib/oracle-audit/real-corpus", run.dir), out], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  const { cases, observations } = JSON.parse(fs.readFileSync(out, "utf8")) as { cases: TRealCase[]; observations: TCaseObservation[] };
  return { set: run.set, analyzer: run.analyzer, commit: run.commit, cases, observations, score: scoreRealCorpus(cases, observations) };
}

const pct = (n: number, d: number) => (d === 0 ? 100 : (n / d) * 100);

function rowsOf(label: string, s: TRealCorpusScore): BenchRow[] {
  const flagged = s.truePositives + s.falsePositives.length;
  const rows: BenchRow[] = [
    { name: `${label}: precision of "hidden" (${s.truePositives} of ${flagged} flagged)`, value: s.precision * 100, unit: "%", baseline: { name: "paper (held-out)", value: 89.2 }, ratio: s.precision / 0.892 },
    { name: `${label}: recall of "hidden" (${s.truePositives} of ${s.trulyHidden} hidden)`, value: s.recall * 100, unit: "%", baseline: { name: "paper (held-out)", value: 92.9 }, ratio: s.recall / 0.929 },
  ];
  for (const kind of DEPENDENCY_KINDS) {
    const k = s.byKind[kind];
    const f = k.truePositives + k.falsePositives;
    if (f === 0 && k.trulyHidden === 0) continue;
    rows.push({ name: `${label}, ${KIND_PLURALS[kind]}: precision / recall of "hidden" (${k.truePositives} of ${f} flagged, of ${k.trulyHidden} hidden)`, value: pct(k.truePositives, f), unit: "%", baseline: { name: "recall", value: pct(k.truePositives, k.trulyHidden) } });
  }
  return rows;
}

export function firstRunRows(runs: readonly TFirstRun[]): BenchRow[] {
  const rows = runs.flatMap((r) => rowsOf(`first run of ${r.set} (analyzer ${r.analyzer})`, r.score));
  const pooled = scoreRealCorpus(runs.flatMap((r) => r.cases), runs.flatMap((r) => r.observations));
  return [...rows, ...rowsOf(`every held-out set's first run pooled (${pooled.families} PRs from ${pooled.repositories} repositories)`, pooled)];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const only = process.env.ORACLE_CORPUS_SET?.split(",");
  const runs: TFirstRun[] = [];
  for (const run of FIRST_RUNS.filter((r) => !only || only.includes(r.set))) {
    process.stderr.write(`auditing ${run.set} with ${run.commit} (${runs.length + 1} of ${FIRST_RUNS.length})…\n`);
    runs.push(firstRunOf(run));
  }
  printRows("oracle-audit: every held-out set's first run, re-measured from git", firstRunRows(runs));
}
