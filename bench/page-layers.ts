// Where a studio page's time goes under 50 connections (issue 24 item 4): the suite page beside
// the pages and handlers that do less than it, each beside the static file measured just before
// it. The studio's pages are prerendered shells (proxy.ts guards them; the data comes from the
// APIs afterwards), so a page request is: Next's routing and proxy, the session read in the proxy,
// the prerendered shell from Next's cache, and its bytes. Each step is measured by the web
// server's own CPU time per request (its /proc/<pid>/stat, so a neighbour's load on a shared
// machine moves it far less than latency) and by 1/throughput; median of the rounds.
import fs from "node:fs";
import type { BenchRow } from "./types";

export type TLoad = (url: string, headers?: Record<string, string>) => Promise<{ p50: number; p95: number; rps: number; responses: number }>;

/** The web server's CPU time so far (user + system), in µs, from /proc; null where there is no /proc. */
export function processCpuUs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return null;
  }
}

/** `load`, with the web server's CPU time per response meanwhile. */
export async function loadWithCpu(load: TLoad, pid: number | null, url: string, headers: Record<string, string> = {}) {
  const before = pid === null ? null : processCpuUs(pid);
  const result = await load(url, headers);
  const after = pid === null ? null : processCpuUs(pid);
  const cpuUs = before === null || after === null || result.responses === 0 ? NaN : (after - before) / result.responses;
  return { ...result, cpuUs };
}

const ROUNDS = Number(process.env.BENCH_LAYER_ROUNDS ?? 3);

export async function pageLayerRows(base: string, cookie: string, suiteId: string, familyId: string, pid: number | null, load: TLoad): Promise<BenchRow[]> {
  const suitePage = `/suites/${suiteId}`;
  const bytes = Buffer.byteLength(await (await fetch(`${base}${suitePage}`, { headers: { cookie } })).text());
  const parts: Array<[string, string]> = [
    ["static robots.txt (Next's routing + the proxy, which reads no session for it)", "/robots.txt"],
    [`bare route handler answering the suite page's ${(bytes / 1024).toFixed(1)} KiB (bench-profile/bare)`, `/api/bench-profile/bare/${familyId}?bytes=${bytes}`],
    ["prerendered page, no session read (/signin)", "/signin"],
    ["prerendered page + the proxy's session read and role check (/suites)", "/suites"],
    ["the suite page: prerendered per suite on first request + dynamic-route match (/suites/<id>)", suitePage],
    ["a family tab for comparison (/families/<id>/runs)", `/families/${familyId}/runs`],
  ];
  const cpu = parts.map(() => [] as number[]);
  const thr = parts.map(() => [] as number[]);
  const p95 = parts.map(() => [] as number[]);
  const staticCpu: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, url]] of parts.entries()) {
      const file = await loadWithCpu(load, pid, `${base}/robots.txt`);
      const part = i === 0 ? file : await loadWithCpu(load, pid, `${base}${url}`, { cookie });
      staticCpu.push(file.cpuUs);
      cpu[i]!.push(part.cpuUs / file.cpuUs);
      thr[i]!.push(file.rps / part.rps);
      p95[i]!.push(part.p95 / Math.max(file.p95, 0.01));
    }
  }
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const staticUs = mid(staticCpu);
  const rows: BenchRow[] = [];
  let previous: number | null = null;
  for (const [i, [label]] of parts.entries()) {
    const ratio = mid(cpu[i]!);
    const us = ratio * staticUs;
    const step = previous === null || i === 1 ? "" : `; ${us - previous >= 0 ? "+" : ""}${(us - previous).toFixed(0)} µs over the row before`;
    rows.push({
      name: `page layer: ${label} — web server CPU per request (median of ${ROUNDS} rounds, each beside the static file${step}; 1/throughput ${mid(thr[i]!).toFixed(2)}×, p95 ${mid(p95[i]!).toFixed(2)}× static)`,
      value: us, unit: "µs", baseline: { name: "static file", value: staticUs }, ratio,
    });
    if (i !== 1) previous = us;
  }
  return rows;
}
