// Where a family API's time goes under 50 connections (issue 24 item 4): the same request
// answered after each part of GET /api/families/<id> (lib/http/profile-layers.ts, open only on a
// server started with STUDIO_BENCH_PROFILE=1), beside the static file and the real route. With the
// server saturated, 1 / throughput is the server's time per request, so each layer's increment over
// the one before is what that part costs.
import type { BenchRow } from "./types";

// The layers of lib/http/profile-layers.ts, in order.
const PROFILE_LAYER_LABELS: ReadonlyArray<readonly [string, string]> = [
  ["bare", "bare route handler, same bytes (Next's own work + proxy)"],
  ["token", "+ session cookie decoded (getToken, cached decrypt)"],
  ["session", "+ user and roles looked up (2 s cache)"],
  ["role", "+ role check"],
  ["fingerprint", "+ fingerprint statement (one SQL)"],
  ["route", "+ route() wrapper (zod params, text rule, error mapping)"],
];

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
  const measured: Array<{ label: string; p50: number; p95: number; rps: number }> = [];
  for (const [label, url] of parts) measured.push({ label, ...(await load(`${base}${url}`, { cookie })) });
  // The static file again at the end: how much the machine's load moved during the profile.
  const fileAgain = await load(`${base}/robots.txt`);
  const file = measured[0]!;
  const rows: BenchRow[] = [];
  let previous: number | null = null;
  for (const m of measured) {
    const perRequestUs = 1e6 / m.rps;
    const step = previous === null ? "" : `, +${(perRequestUs - previous).toFixed(0)} µs over the layer before`;
    rows.push({
      name: `layer: ${m.label} — server time per request (1/throughput, 50 connections${step}); p95 ${m.p95.toFixed(1)} ms (${(m.p95 / Math.max(file.p95, 0.01)).toFixed(2)}× static), p50 ${m.p50.toFixed(1)} ms`,
      value: perRequestUs, unit: "µs", baseline: { name: "static file", value: 1e6 / file.rps }, ratio: file.rps / m.rps,
    });
    previous = perRequestUs;
  }
  rows.push({ name: `layer: static robots.txt again, after the profile (machine drift)`, value: 1e6 / fileAgain.rps, unit: "µs", baseline: { name: "static file at the start", value: 1e6 / file.rps }, ratio: file.rps / fileAgain.rps });
  return rows;
}
