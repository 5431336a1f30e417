// Platform figures: cold and warm `npm start`, and authenticated JSON latency
// under load beside a static file from the same server.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { apiLayerRows } from "./api-layers";
import { apiProfileRows } from "./api-profile";
import { loadWithCpu, pageLayerRows } from "./page-layers";
import { goal } from "./goal";
import { printRows, type BenchRow } from "./types";

const ROOT = path.resolve(import.meta.dirname, "..");
// The perf branch's ports on a shared machine (web, embedded PostgreSQL); BENCH_PORT / BENCH_PG_PORT override.
const PORT = Number(process.env.BENCH_PORT ?? 3360);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 4360);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = 6;
// BENCH_PLATFORM_QUICK=1: only the family APIs, one page and the layered profile, for iterating on them.
const QUICK = process.env.BENCH_PLATFORM_QUICK === "1";

function startStudio(dataDir: string, extraEnv: Record<string, string> = {}): { child: ChildProcess; ready: Promise<number> } {
  const started = performance.now();
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), STUDIO_PG_PORT: String(PG_PORT), STUDIO_DATA_DIR: dataDir, DATABASE_URL: "", NEXTAUTH_URL: BASE, ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const ready = (async () => {
    for (;;) {
      try {
        const res = await fetch(`${BASE}/signin`);
        if (res.ok) return (performance.now() - started) / 1000;
      } catch {
        /* not yet */
      }
      if (child.exitCode !== null) throw new Error("studio exited before it was ready");
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return { child, ready };
}

function stopStudio(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGINT");
  });
}

async function sessionCookie(): Promise<string> {
  const csrfRes = await fetch(`${BASE}/api/auth/csrf`);
  const jar = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${BASE}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
    body: new URLSearchParams({ csrfToken, email: "curator@specpath.test", password: "specpath-demo", json: "true" }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error("sign-in failed in the bench");
  return session.split(";")[0]!;
}

async function load(url: string, headers: Record<string, string> = {}, seconds = SECONDS) {
  const times: number[] = [];
  const instance = autocannon({ url, connections: 50, duration: seconds, headers }) as unknown as Promise<autocannon.Result> & NodeJS.EventEmitter;
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  const result = await instance;
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses under load`);
  const responses = times.length;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), rps: result.requests.average, responses };
}

/** The web server's pid, from the pid file npm start keeps in its data folder (its CPU time per request is a row). */
function webPid(dataDir: string): number | null {
  try {
    const pid = (JSON.parse(fs.readFileSync(path.join(dataDir, "studio-pids.json"), "utf8")) as { web?: number }).web;
    return typeof pid === "number" ? pid : null;
  } catch {
    return null;
  }
}

/** p95 and p50 of `url` under load, beside the static file measured just before it; with the web server's CPU per response. */
async function measure(url: string, cookie: string, pid: number | null = null) {
  const file = await loadWithCpu(load, pid, `${BASE}/robots.txt`);
  const json = await loadWithCpu(load, pid, `${BASE}${url}`, { cookie });
  const bytes = Buffer.byteLength(await (await fetch(`${BASE}${url}`, { headers: { cookie } })).text());
  return { file, json, bytes, ratio: json.p95 / Math.max(file.p95, 0.01) };
}

/**
 * The cold start queued the demo family's calibration; its workers share the machine's cores
 * and each finished run changes the family's fingerprint, so the figures wait (up to 4 min)
 * until no run is queued or running.
 */
async function runsSettled(get: <T>(url: string) => Promise<T>, familyId: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    const { counts } = await get<{ counts: Record<string, number> }>(`/api/families/${familyId}/runs`);
    if (!counts.queued && !counts.running) return;
    await new Promise((r) => setTimeout(r, 2000));
  }
  console.warn("\n[bench] the demo family's runs are still going after 4 min; measuring anyway");
}

const GATE_ROUNDS = 15;

/**
 * The gate report in process, one request at a time on the demo suite's families, against its
 * own embedded PostgreSQL: computed per request (the facts loaded, the report built) beside
 * answered from the cache (the fingerprint read, a copy returned). Interleaved medians, so a
 * loaded machine shows in both alike; the figures under 50 connections follow.
 */
export async function gateReportRows(): Promise<BenchRow[]> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-gates-"));
  fs.chmodSync(tmp, 0o755); // the postgres user must reach its data folder
  const previousUrl = process.env.DATABASE_URL;
  const previousCache = process.env.STUDIO_GATE_REPORT_CACHE;
  const { startEmbeddedPostgres } = await import("@/lib/db/embedded");
  const { migrate } = await import("@/lib/db/migrate");
  const server = await startEmbeddedPostgres({ dataDir: path.join(tmp, "pg") });
  try {
    await migrate(server.url);
    process.env.DATABASE_URL = server.url;
    const { db, disconnectDb } = await import("@/lib/db");
    const { seedDemo } = await import("@/lib/demo/seed");
    const { familyFingerprint } = await import("@/lib/families/family-fingerprint");
    const { getGateReport } = await import("@/lib/families/get-gate-report");
    try {
      await seedDemo(db(), tmp);
      const families = await db().taskFamily.findMany({ select: { id: true } });
      const times = { computed: [] as number[], cached: [] as number[], fingerprint: [] as number[] };
      const all = async (mode: "off" | "on") => {
        process.env.STUDIO_GATE_REPORT_CACHE = mode;
        const started = performance.now();
        for (const family of families) await getGateReport(family.id);
        return performance.now() - started;
      };
      await all("on"); // warm: the first request of each family computes
      for (let r = 0; r < GATE_ROUNDS; r++) {
        times.computed.push(await all("off"));
        times.cached.push(await all("on"));
        const started = performance.now();
        for (const family of families) await familyFingerprint(family.id);
        times.fingerprint.push(performance.now() - started);
      }
      const mid = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
      const n = families.length;
      return [
        {
          name: `gate report of the demo suite's ${n} families (what its dashboard reads), in process, one request: cached / computed per request (median of ${GATE_ROUNDS}, interleaved)`,
          value: mid(times.cached), unit: "ms", baseline: { name: "computed per request", value: mid(times.computed) }, ratio: mid(times.cached) / mid(times.computed),
        },
        { name: "  of which the fingerprint query (one statement per family)", value: mid(times.fingerprint), unit: "ms" },
      ];
    } finally {
      await disconnectDb();
    }
  } finally {
    await server.stop();
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    if (previousCache === undefined) delete process.env.STUDIO_GATE_REPORT_CACHE;
    else process.env.STUDIO_GATE_REPORT_CACHE = previousCache;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const gateRows = QUICK ? [] : [...(await gateReportRows()), ...(await apiProfileRows())];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-"));
  fs.chmodSync(dataDir, 0o755);
  try {
    const cold = startStudio(dataDir);
    const coldSeconds = await cold.ready;
    await stopStudio(cold.child);
    // The layered profile's route answers only on a server started so (lib/families/profile-layers.ts).
    const warm = startStudio(dataDir, { STUDIO_BENCH_PROFILE: "1" });
    const warmSeconds = await warm.ready;
    let targets: Array<[string, string]> = [];
    const rows: BenchRow[] = [
      ...gateRows,
      { name: "cold npm start → first page (fresh data folder, existing build)", value: coldSeconds, unit: "s" },
      { name: "warm restart → first page", value: warmSeconds, unit: "s", baseline: { name: "cold", value: coldSeconds }, ratio: warmSeconds / coldSeconds },
    ];
    const cached = new Map<string, number>();
    try {
      const cookie = await sessionCookie();
      const pid = webPid(dataDir);
      const get = async <T>(url: string): Promise<T> => {
        const res = await fetch(`${BASE}${url}`, { headers: { cookie } });
        const text = await res.text();
        if (!res.ok || !res.headers.get("content-type")?.includes("json")) throw new Error(`GET ${url}: ${res.status} ${res.headers.get("content-type")}: ${text.slice(0, 200)}`);
        return JSON.parse(text) as T;
      };
      // The demo's suite with the most families, and its first family (the seeded complete one).
      const suites = await get<{ id: string; families: number }[]>("/api/suites");
      const suiteId = [...suites].sort((a, b) => b.families - a.families)[0]?.id;
      if (!suiteId) throw new Error("the demo has no suite");
      const dashboard = await get<{ rows: { id: string }[] }>(`/api/suites/${suiteId}/dashboard`);
      const familyId = dashboard.rows[0]?.id;
      if (!familyId) throw new Error("the demo suite has no family");

      await runsSettled(get, familyId);

      // Interleaved: the static file before each figure, so each ratio compares two loads of the same minute.
      targets = [
        ["GET /api/suites", "/api/suites"],
        ["GET /api/suites/<id>/dashboard", `/api/suites/${suiteId}/dashboard`],
        ["GET /api/families/<id>", `/api/families/${familyId}`],
        ["GET /api/families/<id>/runs", `/api/families/${familyId}/runs`],
        ["GET /api/families/<id>/gates", `/api/families/${familyId}/gates`],
        ["GET /api/families/<id>/gates/paths (stage panel + replay matrix)", `/api/families/${familyId}/gates/paths`],
        ["page /suites/<id>", `/suites/${suiteId}`],
        ["page /families/<id> (overview tab)", `/families/${familyId}`],
        ["page /families/<id>/runs (runs tab)", `/families/${familyId}/runs`],
        ["page /families/<id>/atoms (atoms tab)", `/families/${familyId}/atoms`],
        ["page /families/<id>/histories (histories tab)", `/families/${familyId}/histories`],
      ];
      if (QUICK) targets = targets.filter(([label]) => /families\/<id>(\/runs)?$|overview/.test(label));
      for (const [label, url] of targets) {
        const { file, json, bytes, ratio } = await measure(url, cookie, pid);
        cached.set(url, json.p95);
        rows.push({
          name: `${label} (authenticated) p95 under 50 connections × ${SECONDS} s, ${(bytes / 1024).toFixed(1)} KiB ${goal(ratio, 3, "×")}`,
          value: json.p95, unit: "ms", baseline: { name: "static robots.txt p95, measured just before", value: file.p95 }, ratio,
        });
        rows.push({ name: `  ${label} p50`, value: json.p50, unit: "ms", baseline: { name: "static p50", value: file.p50 }, ratio: json.p50 / Math.max(file.p50, 0.01) });
        rows.push({ name: `  ${label} throughput`, value: json.rps, unit: "req/s", baseline: { name: "static", value: file.rps }, ratio: json.rps / file.rps });
        // The web server's own CPU per response: what the request costs the server, which a neighbour's load moves far less than latency.
        if (Number.isFinite(json.cpuUs)) rows.push({ name: `  ${label} web server CPU per request`, value: json.cpuUs, unit: "µs", baseline: { name: "static", value: file.cpuUs }, ratio: json.cpuUs / file.cpuUs });
      }
      rows.push(...(await apiLayerRows(BASE, cookie, familyId, (url, headers) => load(url, headers, 3))));
      if (!QUICK) rows.push(...(await pageLayerRows(BASE, cookie, suiteId, familyId, pid, (url, headers) => load(url, headers, 3))));
    } finally {
      await stopStudio(warm.child);
    }

    if (QUICK) return rows;
    // What the gate report's cache (lib/families/get-gate-report.ts) saves: the pages that read it, computed on every request.
    const uncached = startStudio(dataDir, { STUDIO_GATE_REPORT_CACHE: "off" });
    await uncached.ready;
    try {
      const cookie = await sessionCookie();
      for (const [label, url] of targets.filter(([, url]) => /dashboard|gates|^\/suites\/|^\/families\/[^/]+$/.test(url))) {
        const { json, ratio } = await measure(url, cookie);
        const withCache = cached.get(url) ?? NaN;
        rows.push({
          name: `${label}: p95 with the gate report cached / computed per request (STUDIO_GATE_REPORT_CACHE=off; there ${ratio.toFixed(1)}× its static file)`,
          value: withCache, unit: "ms", baseline: { name: "computed per request", value: json.p95 }, ratio: withCache / Math.max(json.p95, 0.01),
        });
      }
    } finally {
      await stopStudio(uncached.child);
    }
    return rows;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  printRows("Platform", await run());
}
