/**
 * Negative mining (issue 23 item 3): per runner fixture, candidates tried, selective
 * found, and wall time per final atom on the pool (one worker, 2 slots), from
 * "Mine negatives" until every candidate's run finished; beside the goal of 60 s per
 * atom. The hand-writing baseline is none: before mining, every negative was written by hand.
 * Run: npm run bench -- mining
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { type BenchRow } from "./types";

type TFigures = { runner: string; tried: number; generated: number; selective: number; atomsWithProposal: number; atoms: number; secondsPerAtom: number };

function child(): Promise<TFigures[]> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", path.join(import.meta.dirname, "mining-child.ts")], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (c: Buffer) => (out += c.toString()));
    p.on("close", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`mining-child exited with ${code}`))));
  });
}

export async function run(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const f of await child()) {
    rows.push({ name: `${f.runner}: candidates tried (of ${f.generated} generated)`, value: f.tried, unit: "candidates" });
    rows.push({ name: `${f.runner}: selective negatives found (${f.atomsWithProposal} of ${f.atoms} atoms have one)`, value: f.selective, unit: "candidates", baseline: { name: "hand-writing (none proposed)", value: 0 } });
    rows.push({ name: `${f.runner}: wall time per atom on the pool`, value: f.secondsPerAtom, unit: "s", baseline: { name: "goal", value: 60 }, ratio: f.secondsPerAtom / 60 });
  }
  return rows;
}
