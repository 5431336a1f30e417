/**
 * The scripted curator session (issue 23's acceptance, through the studio's own functions on
 * one worker with 2 slots): a generated two-atom family with 30 existing tests, from the import
 * of its repository to a green calibration accepting only proposals (the suggested recipe, the
 * atoms execution proposes with their probes, guards, two mined negatives, the temporary atom
 * one of them gives) and seven drafted histories. Manual inputs (decisions and changes of tab,
 * counted as the browser journey e2e/curator-session.spec.ts counts them) beside the goal of
 * 20; wall time to green calibration.
 * Run: npm run bench -- curator
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { type BenchRow } from "./types";

type TFigures = { inputs: number; tabs: number; greenSeconds: number; totalSeconds: number; histories: number; guards: number; tried: number; atoms: number };

function child(): Promise<TFigures> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", path.join(import.meta.dirname, "curator-child.ts")], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (c: Buffer) => (out += c.toString()));
    p.on("close", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`curator-child exited with ${code}`))));
  });
}

export async function run(): Promise<BenchRow[]> {
  const f = await child();
  return [
    { name: `curator inputs from import to green calibration and ${f.histories} drafted histories (${f.inputs - f.tabs} decisions + ${f.tabs} tabs; ${f.atoms} proposed atoms and ${f.guards} guards accepted at once, ${f.tried} candidates mined)`, value: f.inputs, unit: "inputs", baseline: { name: "goal", value: 20 }, ratio: f.inputs / 20 },
    { name: "wall time from import to green calibration on the pool", value: f.greenSeconds, unit: "s" },
    { name: "wall time to seven drafted histories", value: f.totalSeconds, unit: "s" },
  ];
}
