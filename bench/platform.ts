// Platform figures: cold and warm `npm start`, and authenticated JSON latency
// under load beside a static file from the same server.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { goal } from "./goal";
import { printRows, type BenchRow } from "./types";

const ROOT = path.resolve(import.meta.dirname, "..");
// The perf branch's ports on a shared machine (web, embedded PostgreSQL); BENCH_PORT / BENCH_PG_PORT override.
const PORT = Number(process.env.BENCH_PORT ?? 3360);
const PG_PORT = Number(process.env.BENCH_PG_PORT ?? 4360);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = 6;

function startStudio(dataDir: string): { child: ChildProcess; ready: Promise<number> } {
  const started = performance.now();
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), STUDIO_PG_PORT: String(PG_PORT), STUDIO_DATA_DIR: dataDir, DATABASE_URL: "", NEXTAUTH_URL: BASE },
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

async function load(url: string, headers: Record<string, string> = {}) {
  const times: number[] = [];
  const instance = autocannon({ url, connections: 50, duration: SECONDS, headers }) as unknown as Promise<autocannon.Result> & NodeJS.EventEmitter;
  instance.on("response", (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime));
  const result = await instance;
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses under load`);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), rps: result.requests.average };
}

export async function run(): Promise<BenchRow[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-bench-"));
  fs.chmodSync(dataDir, 0o755);
  try {
    const cold = startStudio(dataDir);
    const coldSeconds = await cold.ready;
    await stopStudio(cold.child);
    const warm = startStudio(dataDir);
    const warmSeconds = await warm.ready;
    try {
      const cookie = await sessionCookie();
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

      // Interleaved: the static file before each figure, so each ratio compares two loads of the same minute.
      const targets: Array<[string, string]> = [
        ["GET /api/suites", "/api/suites"],
        ["GET /api/suites/<id>/dashboard", `/api/suites/${suiteId}/dashboard`],
        ["GET /api/families/<id>", `/api/families/${familyId}`],
        ["GET /api/families/<id>/runs", `/api/families/${familyId}/runs`],
        ["GET /api/families/<id>/gates", `/api/families/${familyId}/gates`],
        ["page /suites/<id>", `/suites/${suiteId}`],
        ["page /families/<id> (overview tab)", `/families/${familyId}`],
        ["page /families/<id>/runs (runs tab)", `/families/${familyId}/runs`],
      ];
      const rows: BenchRow[] = [
        { name: "cold npm start → first page (fresh data folder, existing build)", value: coldSeconds, unit: "s" },
        { name: "warm restart → first page", value: warmSeconds, unit: "s", baseline: { name: "cold", value: coldSeconds }, ratio: warmSeconds / coldSeconds },
      ];
      for (const [label, url] of targets) {
        const file = await load(`${BASE}/robots.txt`);
        const json = await load(`${BASE}${url}`, { cookie });
        const ratio = json.p95 / Math.max(file.p95, 0.01);
        const bytes = Buffer.byteLength(await (await fetch(`${BASE}${url}`, { headers: { cookie } })).text());
        rows.push({
          name: `${label} (authenticated) p95 under 50 connections × ${SECONDS} s, ${(bytes / 1024).toFixed(1)} KiB ${goal(ratio, 3, "×")}`,
          value: json.p95, unit: "ms", baseline: { name: "static robots.txt p95, measured just before", value: file.p95 }, ratio,
        });
        rows.push({ name: `  ${label} p50`, value: json.p50, unit: "ms", baseline: { name: "static p50", value: file.p50 }, ratio: json.p50 / Math.max(file.p50, 0.01) });
        rows.push({ name: `  ${label} throughput`, value: json.rps, unit: "req/s", baseline: { name: "static", value: file.rps }, ratio: json.rps / file.rps });
      }
      return rows;
    } finally {
      await stopStudio(warm.child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  printRows("Platform", await run());
}
