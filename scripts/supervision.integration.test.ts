// kill -9 of the worker, the web server and the embedded PostgreSQL during the demo
// calibration (scripts/chaos.ts): each time the studio serves again within 30 s, and
// every run of the calibration ends with exactly one result.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../lib/db/embedded";
import { chaos } from "./chaos";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-chaos-"));
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("supervision", () => {
  it("heals kill -9 of each child during a calibration; every run has exactly one result", async () => {
    const result = await chaos({ dataDir, port: await freePort() });
    const context = result.log.slice(-60).join("\n");
    console.log(`[supervision] back after kill -9: worker ${result.recoveryMs.worker} ms, web server ${result.recoveryMs.web} ms, PostgreSQL ${result.recoveryMs.postgres} ms; runs ${JSON.stringify(result.runs.statuses)}`);
    expect(result.recoveryMs.worker, context).toBeLessThan(30_000);
    expect(result.recoveryMs.web, context).toBeLessThan(30_000);
    expect(result.recoveryMs.postgres, context).toBeLessThan(30_000);
    expect(result.runs.total).toBeGreaterThan(0);
    expect(result.runs.final, context).toBe(result.runs.total);
    expect(result.runs.withExactlyOneResult, JSON.stringify(result.runs)).toBe(result.runs.total);
    expect(result.log.join("\n")).toMatch(/The worker exited \(killed by SIGKILL\); restarting it/);
    expect(result.log.join("\n")).toMatch(/The web server exited \(killed by SIGKILL\); restarting it/);
    expect(result.log.join("\n")).toMatch(/PostgreSQL exited \(killed by SIGKILL\); restarting it/);
  }, 1_200_000);
});
