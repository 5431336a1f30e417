// Where a family API's time goes under 50 connections (issue 24 item 4): the same request
// answered after each part of GET /api/families/<id> (lib/families/profile-layers.ts, open only on a
// server started with STUDIO_BENCH_PROFILE=1), beside the static file and the real route. With the
// server saturated, 1 / throughput is the server's time per request, so each layer's increment over
// the one before is what that part costs.
import type { BenchRow } from "./types";

// The layers of lib/families/profile-layers.ts, in order.
const PROFILE_LAYER_LABELS: ReadonlyArray<readonly [string, string]> = [
  ["bare", "bare route handler, same bytes (Next's own work + proxy)"],
  ["token", "+ session cookie decoded (getToken, cached decrypt)"],
  ["session", "+ user and roles looked up (2 s cache)"],
  ["role", "+ role check"],
  ["fingerprint", "+ fingerprint statement, one per request (as before)"],
  ["shared-fingerprint", "instead: fingerprint statement shared by the requests in flight (read-after-arrival.ts)"],
  ["route", "+ route() wrapper (zod params, text rule, error mapping)"],
];

const ROUNDS = Number(process.env.BENCH_LAYER_ROUNDS ?? 3);

type Load = (url: string, headers?: Record<string, string>) => Promise<{ p50: number; p95: number; rps: number }>;

export async function apiLayerRows(base: string, cookie: string, familyId: string, load: Load): Promise<BenchRow[]> {
  const realUrl = `/api/families/${familyId}`;
  const bytes = Buffer.byteLength(await (await fetch(`${base}${realUrl}`, { headers: { cookie } })).text());
  const check = await fetch(`${base}/api/bench-profile/bare/${familyId}?bytes=${bytes}`);
  if (!check.ok) throw new Error(`the profile route answers ${check.status}: is the server started with STUDIO_BENCH_PROFILE=1?`);
  const parts: Array<[string, string]> = [
    ["static robots.txt", "/robots.txt"],
    ...PROFILE_LAYER_LABELS.map(([layer, label]) => [label, `/api/bench-profile/${layer}/${familyId}?bytes=${bytes}`] as [string, string]),
    ["the real GET /api/families/<id>", realUrl],
  ];
  // Each part beside the static file measured just before it, the whole sequence ROUNDS times: on a
  // shared machine a neighbour's burst moves one load, and the median ratio of the rounds stands.
  const ratios = parts.map(() => [] as number[]);
  const p95s = parts.map(() => [] as number[]);
  const fileUs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, [, url]] of parts.entries()) {
      const file = await load(`${base}/robots.txt`);
      const part = i === 0 ? file : await load(`${base}${url}`, { cookie });
      fileUs.push(1e6 / file.rps);
      ratios[i]!.push(file.rps / part.rps);
      p95s[i]!.push(part.p95 / Math.max(file.p95, 0.01));
    }
  }
  const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const staticUs = mid(fileUs);
  const rows: BenchRow[] = [];
  let previous: number | null = null;
  for (const [i, [label]] of parts.entries()) {
    const ratio = mid(ratios[i]!);
    const perRequestUs = ratio * staticUs;
    const step = previous === null ? "" : `; +${(perRequestUs - previous).toFixed(0)} µs over the layer before`;
    rows.push({
      name: `layer: ${label} — server time per request (1/throughput under 50 connections, median of ${ROUNDS} rounds each beside the static file${step}; p95 ${mid(p95s[i]!).toFixed(2)}× static)`,
      value: perRequestUs, unit: "µs", baseline: { name: "static file", value: staticUs }, ratio,
    });
    previous = perRequestUs;
  }
  return rows;
}
