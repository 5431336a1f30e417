/**
 * The scripted curator session (issue 23's acceptance, through the studio's own functions on
 * one worker with 2 slots): a generated two-atom family with 30 existing tests, from an empty
 * verifier to a green calibration accepting only proposals (recipe, guards, two mined
 * negatives) and seven drafted histories. Manual inputs beside the goal of 20; wall time to
 * green calibration. The browser journey is e2e/curator-session.spec.ts (it prints its own count).
 * Run: npm run bench -- curator
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { type BenchRow } from "./types";

type TFigures = { inputs: number; greenSeconds: number; totalSeconds: number; histories: number; guards: number; tried: number };

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
    { name: `curator decisions to green calibration and ${f.histories} drafted histories (${f.guards} guards accepted at once, ${f.tried} candidates mined)`, value: f.inputs, unit: "inputs", baseline: { name: "goal", value: 20 }, ratio: f.inputs / 20 },
    { name: "wall time to green calibration on the pool", value: f.greenSeconds, unit: "s" },
    { name: "wall time to seven drafted histories", value: f.totalSeconds, unit: "s" },
  ];
}
