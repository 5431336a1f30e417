// The recorded base runs of the real corpus (bench/oracle-audit-base-runs.ts writes them): how each case's hidden
// tests fail on the base, as the studio's calibration run of the base patch reports it.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { TBaseFailure } from "../types";

export const BASE_RUNS_DIR = path.join(import.meta.dirname, "base-runs");

export interface TRecordedBaseRun {
  caseId: string;
  baseCommit: string;
  /** The run's outcome (failed, passed, …), or not_run with the reason in `note`. */
  outcome: string;
  note: string;
  /** The probes that did not pass, each with the runner's failure text. */
  probes: TBaseFailure[];
}

/** The recorded failures of a case's hidden tests on the base; null when none was recorded (no evidence). */
export function recordedBaseFailures(caseId: string): TBaseFailure[] | null {
  const file = path.join(BASE_RUNS_DIR, `${caseId}.json`);
  if (!existsSync(file)) return null;
  const run = JSON.parse(readFileSync(file, "utf8")) as TRecordedBaseRun;
  return run.outcome === "not_run" || run.outcome === "infrastructure_error" ? null : run.probes;
}
