// Supervision figures: time from kill -9 of each of `npm start`'s children (during the
// demo calibration) to the studio serving again, beside the 30 s acceptance budget.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "@/lib/db/embedded";
import { chaos } from "../scripts/chaos";
import type { BenchRow } from "./types";

const BUDGET = { name: "30 s budget", value: 30 };

export async function run(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-chaos-"));
  fs.chmodSync(dataDir, 0o755);
  try {
    const result = await chaos({ dataDir, port: await freePort() });
    const row = (name: string, ms: number): BenchRow => ({ name, value: ms / 1000, unit: "s", baseline: BUDGET, ratio: ms / 1000 / BUDGET.value });
    return [
      row("kill -9 worker → a new worker registered", result.recoveryMs.worker),
      row("kill -9 web server → /signin and /api/health answer again", result.recoveryMs.web),
      row("kill -9 PostgreSQL → /signin and /api/health answer again", result.recoveryMs.postgres),
      { name: `calibration runs with exactly one result (of ${result.runs.total})`, value: result.runs.withExactlyOneResult, unit: "runs", baseline: { name: "runs", value: result.runs.total }, ratio: result.runs.withExactlyOneResult / Math.max(1, result.runs.total) },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
