/**
 * Contract engine figures: replay throughput against a naive replay that copies
 * the active set every turn, and the time of a full gate report for a large family.
 * Run: npx tsx bench/contract.ts
 */
import { pathToFileURL } from "node:url";
import { deriveLengthMatched } from "../lib/contract/padding";
import { replay } from "../lib/contract/replay";
import type { TAtom, TCatalog, THistory, TTurn, TTurnEvents } from "../lib/contract/types";
import { buildGateReport } from "../lib/gates/report";
import type { TAtomFact, TFamilyFacts, TPatchFact, TProbeFact, TRunFact } from "../lib/gates/types";
import type { BenchRow } from "./types";


/** Deterministic, so every run measures the same input. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const atom = (key: string, role: TAtom["role"]): TAtom => ({
  key,
  statement: `The behavior described by ${key} holds`,
  scope: "module",
  inputCondition: "always",
  polarity: "require",
  observation: `observable ${key}`,
  role,
});

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(fn: () => void, repeats: number): number {
  fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

// --- replay -----------------------------------------------------------------

/** A valid trace: each turn activates inactive atoms, deactivates and restates active ones. */
function randomTrace(turns: number, atoms: number, seed: number): { trace: TTurnEvents[]; catalog: TCatalog; events: number } {
  const rand = mulberry32(seed);
  const keys = Array.from({ length: atoms }, (_, i) => `A${i + 1}`);
  const catalog = keys.map((k) => atom(k, "final"));
  const active: string[] = [];
  const activeSet = new Set<string>();
  const trace: TTurnEvents[] = [];
  let events = 0;
  const pickActive = (n: number, exclude: Set<string>) => {
    const out = new Set<string>();
    for (let i = 0; i < n && active.length > 0; i++) {
      const k = active[Math.floor(rand() * active.length)]!;
      if (!exclude.has(k)) out.add(k);
    }
    return [...out];
  };
  for (let t = 0; t < turns; t++) {
    const deactivated = pickActive(Math.floor(rand() * 3), new Set());
    const gone = new Set(deactivated);
    const restated = pickActive(Math.floor(rand() * 3), gone);
    const activated: string[] = [];
    for (let i = 0; i < 3; i++) {
      const k = keys[Math.floor(rand() * atoms)]!;
      if (!activeSet.has(k) && !gone.has(k) && !activated.includes(k)) activated.push(k);
    }
    for (const k of deactivated) {
      activeSet.delete(k);
      active.splice(active.indexOf(k), 1);
    }
    for (const k of activated) {
      activeSet.add(k);
      active.push(k);
    }
    events += activated.length + deactivated.length + restated.length;
    trace.push({ activated, deactivated, restated });
  }
  return { trace, catalog, events };
}

/** The obvious implementation: same checks, but a fresh copy of M for every turn. */
function naiveReplay(trace: readonly TTurnEvents[], catalog: TCatalog): Set<string>[] | string[] {
  const known = new Set(catalog.map((a) => a.key));
  const errors: string[] = [];
  let current = new Set<string>();
  const states = [current];
  trace.forEach(({ activated, deactivated, restated }, i) => {
    for (const k of [...activated, ...deactivated, ...restated]) if (!known.has(k)) errors.push(`turn ${i + 1}: unknown ${k}`);
    for (const k of deactivated) {
      if (!current.has(k)) errors.push(`turn ${i + 1}: ${k} not active`);
      if (activated.includes(k)) errors.push(`turn ${i + 1}: ${k} activated and deactivated`);
    }
    for (const k of restated) if (!current.has(k) || deactivated.includes(k)) errors.push(`turn ${i + 1}: ${k} restated while inactive`);
    const next = new Set(current);
    for (const k of deactivated) next.delete(k);
    for (const k of activated) next.add(k);
    states.push(next);
    current = next;
  });
  return errors.length > 0 ? errors : states;
}

function replayRow(): BenchRow {
  const { trace, catalog, events } = randomTrace(10_000, 1_000, 7);
  const ours = replay(trace, catalog);
  const naive = naiveReplay(trace, catalog);
  if (!ours.ok || typeof naive[0] === "string") throw new Error("the benchmark trace must replay");
  const oursMs = time(() => replay(trace, catalog), 15);
  const naiveMs = time(() => naiveReplay(trace, catalog), 5);
  const value = events / (oursMs / 1000);
  const baseline = events / (naiveMs / 1000);
  return {
    name: `replay, 10,000 turns over 1,000 atoms (${events.toLocaleString("en")} events)`,
    value: Math.round(value),
    unit: "events/s",
    baseline: { name: "naive replay copying M every turn", value: Math.round(baseline) },
    ratio: value / baseline,
  };
}

// --- gate report ------------------------------------------------------------

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(" ");
const turn = (events: Partial<TTurnEvents>, tokens = 10, label = "w"): TTurn => ({
  text: words(tokens, label),
  activated: events.activated ?? [],
  deactivated: events.deactivated ?? [],
  restated: events.restated ?? [],
});

/** 200 atoms (150 final, 30 fixed, 20 temporary), 7 histories of 200 turns, 2,000 probes, 20,000 runs. */
export function largeFamily(): { facts: TFamilyFacts; currentRuns: number } {
  const rand = mulberry32(11);
  const finals = Array.from({ length: 150 }, (_, i) => `A${i + 1}`);
  const fixed = Array.from({ length: 30 }, (_, i) => `A${i + 151}`);
  const temps = Array.from({ length: 20 }, (_, i) => `A${i + 181}`);
  const role = (k: string): TAtom["role"] => (finals.includes(k) ? "final" : fixed.includes(k) ? "fixed" : "temporary");
  const atoms: TAtomFact[] = [...finals, ...fixed, ...temps].map((k) => ({ ...atom(k, role(k)), status: "accepted", reason: null, mergedInto: null }));
  const contract = [...finals, ...fixed];

  const T = 200;
  const neutralTo = (turns: TTurn[]) => [...turns, ...Array.from({ length: T - turns.length }, () => turn({}))];
  const direct: THistory = { condition: "direct", turns: neutralTo([turn({ activated: finals })]) };
  const paraphrase: THistory = { condition: "paraphrase_direct", turns: neutralTo([turn({ activated: finals }, 10, "p")]) };
  const duplicate: THistory = {
    condition: "duplicate",
    turns: [turn({ activated: finals }), ...Array.from({ length: T - 1 }, () => turn({ restated: [finals[Math.floor(rand() * 150)]!] }))],
  };
  const split: THistory = { condition: "split", turns: neutralTo([...finals, ...fixed].map((k) => turn({ activated: [k] }))) };
  const override: THistory = {
    condition: "override",
    turns: [
      ...temps.map((k) => turn({ activated: [k] })),
      ...temps.map((k, i) => turn({ deactivated: [k], activated: [finals[i]!] })),
      ...finals.slice(20).map((k) => turn({ activated: [k] })),
      ...fixed.map((k) => turn({ activated: [k] })),
    ],
  };
  const cancellation: THistory = {
    condition: "cancellation",
    turns: [
      ...finals.map((k) => turn({ activated: [k] })),
      ...temps.map((k) => turn({ activated: [k] })),
      ...temps.map((k) => turn({ deactivated: [k] })),
      ...fixed.slice(0, 10).map((k) => turn({ activated: [k] })),
    ],
  };
  const lengthMatched = deriveLengthMatched({ condition: "direct", turns: [turn({ activated: finals })] }, cancellation);
  if (!lengthMatched.ok) throw new Error("length_matched must be derivable");
  const histories = [direct, duplicate, split, override, cancellation, paraphrase, lengthMatched.value].map((h) => ({
    revisionId: `rev-${h.condition}`,
    ...h,
  }));

  const probes: TProbeFact[] = Array.from({ length: 2_000 }, (_, j) => ({ id: `p${j}`, testId: `tests/test_module.py::test_${j}`, atomKeys: [contract[j % contract.length]!] }));
  const probeIds = probes.map((p) => p.id);
  const olderProbeIds = probeIds.slice(0, 1_900);
  const patches: TPatchFact[] = [
    { id: "gold", name: "gold", kind: "gold", targetAtomKey: null, empty: false, identicalToGold: true },
    ...finals.map((k): TPatchFact => ({ id: `neg-${k}`, name: `remove-${k}`, kind: "negative", targetAtomKey: k, empty: false, identicalToGold: false })),
    { id: "alt-1", name: "alt-1", kind: "alternative", targetAtomKey: null, empty: false, identicalToGold: false },
    { id: "alt-2", name: "alt-2", kind: "alternative", targetAtomKey: null, empty: false, identicalToGold: false },
  ];
  const pass = "1".repeat(probes.length);
  const signatureOf = new Map<string | null, string>([
    ["gold", pass],
    ["alt-1", pass],
    ["alt-2", pass],
    [null, probes.map((p) => (fixed.includes(p.atomKeys[0]!) ? "1" : "0")).join("")],
  ]);
  for (const k of finals) signatureOf.set(`neg-${k}`, probes.map((p) => (p.atomKeys[0] === k ? "0" : "1")).join(""));

  let n = 0;
  const runs: TRunFact[] = [];
  const add = (kind: TRunFact["kind"], patchId: string | null, historyRevisionId: string | null, ids = probeIds) => {
    const signature = kind === "checkout" ? null : ids === probeIds ? signatureOf.get(patchId)! : "0".repeat(ids.length);
    runs.push({ id: `run-${++n}`, kind, patchId, historyRevisionId, status: "passed", probeIds: ids, signature, message: null });
  };
  add("checkout", null, null);
  for (let i = 0; i < 3; i++) add("calibrate", "gold", null);
  add("calibrate", null, null);
  for (const p of patches.filter((x) => x.kind !== "gold")) add("calibrate", p.id, null);
  const fixedPatchIds = [null, "gold", ...finals.map((k) => `neg-${k}`)];
  for (let repeat = 0; repeat < 18; repeat++) for (const id of fixedPatchIds) for (const h of histories) add("replay", id, h.revisionId);
  const currentRuns = runs.length;
  while (runs.length < 20_000) add("calibrate", patches[runs.length % patches.length]!.id, null, olderProbeIds);

  const facts: TFamilyFacts = {
    anchoring: {
      repo: "example/large",
      prNumber: 1,
      baseCommit: "a".repeat(40),
      mergeCommit: "b".repeat(40),
      resolved: { repo: true, baseCommit: true, mergeCommit: true },
      evidence: { issue: true, description: true, review: true, diff: true },
      files: [
        { path: "src/module.py", kind: "source", inSlice: true, reason: null, hunks: [] },
        { path: "tests/test_module.py", kind: "test", inSlice: true, reason: null, hunks: [] },
      ],
    },
    atoms,
    probes,
    patches,
    histories,
    runs,
    freeze: null,
  };
  return { facts, currentRuns };
}

function gateRow(): BenchRow {
  const { facts, currentRuns } = largeFamily();
  const report = buildGateReport(facts);
  const calibration = report.stages.find((s) => s.stage === "calibration")!;
  if (calibration.status !== "pass") throw new Error(`the large family must calibrate: ${calibration.missing}`);
  const ms = time(() => buildGateReport(facts), 7);
  const target = 100;
  return {
    name: `full gate report: 200 atoms, 7 × 200 turns, 2,000 probes, 20,000 runs (${currentRuns.toLocaleString("en")} current)`,
    value: Number(ms.toFixed(1)),
    unit: "ms",
    baseline: { name: "target", value: target },
    ratio: ms / target,
  };
}

export async function run(): Promise<BenchRow[]> {
  return [replayRow(), gateRow()];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const table = (rows: BenchRow[]) =>
    console.table(
      rows.map((r) => ({
        figure: r.name,
        value: `${r.value.toLocaleString("en")} ${r.unit}`,
        baseline: r.baseline ? `${r.baseline.name}: ${r.baseline.value.toLocaleString("en")} ${r.unit}` : "",
        ratio: r.ratio === undefined ? "" : `${r.ratio.toFixed(2)}×`,
      })),
    );
  run().then(table, (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
