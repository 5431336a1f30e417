/**
 * Independent-audit figures: the agreement computation for a suite of 50 families ×
 * 7 histories × 2 reviewers (beside replaying the same gold traces alone), and a
 * reviewer's workspace for a 60-turn history opened in Chromium (beside the inbox page
 * in the same browser). Run: npx tsx bench/review.ts (BENCH_SKIP_BROWSER=1 skips the
 * browser figure; BENCH_STUDIO_URL uses a running studio seeded with the demo accounts).
 */
import { spawn } from "node:child_process";
import { chmod } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { goldFinalSet, revisionAgreement, summarize, type TRevisionForAgreement, type TReviewForAgreement } from "../lib/review/agreement";
import { makeTempDir, removeDir } from "../lib/git/testing/temp-repo";
import { printRows, type BenchRow } from "./types";

const ROOT = path.resolve(import.meta.dirname, "..");
const FAMILIES = 50;
const HISTORIES = 7;
const ATOMS = 8;

/** A deterministic synthetic suite: traces of 1–6 turns over an 8-entry catalog, two reviews each (one in twenty misreads). */
function syntheticSuite(): TRevisionForAgreement[] {
  let seed = 20260729;
  const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const keys = Array.from({ length: ATOMS }, (_, i) => `A${i + 1}`);
  const out: TRevisionForAgreement[] = [];
  for (let f = 0; f < FAMILIES; f++) {
    for (let h = 0; h < HISTORIES; h++) {
      const turns = 1 + Math.floor(rand() * 6);
      const trace = Array.from({ length: turns }, (_, t) => ({
        activated: t === 0 ? keys.slice(0, 3) : rand() < 0.4 ? [keys[3 + Math.floor(rand() * 5)]!] : [],
        deactivated: t > 0 && rand() < 0.2 ? [keys[Math.floor(rand() * 3)]!] : [],
        restated: t > 0 && rand() < 0.5 ? [keys[0]!] : [],
      }));
      const gold = goldFinalSet(trace);
      const review = (who: string, misread: boolean): TReviewForAgreement => ({
        reviewId: `${f}-${h}-${who}`, reviewerId: who, freeText: [], ambiguous: misread, ambiguityNote: misread ? "narrowing?" : null,
        operations: trace.map((t, i) => ({ turn: i + 1, activated: t.activated, deactivated: misread && i === turns - 1 ? [...t.deactivated, gold[0]!] : t.deactivated, restated: t.restated })),
        finalSet: misread ? gold.slice(1) : gold,
      });
      out.push({ revisionId: `${f}-${h}`, label: `f${f} h${h}`, catalogKeys: keys, trace, reviews: [review("a", false), review("b", rand() < 0.05)], acceptedReviewIds: [] });
    }
  }
  return out;
}

function median(runs: number, fn: () => void): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

export async function run(): Promise<BenchRow[]> {
  const suite = syntheticSuite();
  let summary = summarize([]);
  const agreement = median(21, () => { summary = summarize(suite.map(revisionAgreement)); });
  const replayOnly = median(21, () => { for (const r of suite) goldFinalSet(r.trace); });
  const rows: BenchRow[] = [
    {
      name: `agreement for ${FAMILIES} families × ${HISTORIES} histories × 2 reviewers (exact match, operations, κ ${summary.kappa.kappa?.toFixed(3)}; median of 21)`,
      value: agreement, unit: "ms",
      baseline: { name: "replaying the gold traces alone", value: replayOnly }, ratio: agreement / replayOnly,
    },
  ];
  if (!process.env.BENCH_SKIP_BROWSER) rows.push(...(await workspaceRows()));
  return rows;
}

// ---------------------------------------------------------------------------
// Workspace open time: a 60-turn duplicate history on the demo's first family, sent to
// review by the curator and assigned by the lead through the API, opened by the reviewer.

const VIEW_PORT = 3307;
const TURNS = 60;

type TStudio = { base: string; stop: () => Promise<void> };

async function openStudio(dataDir: string): Promise<TStudio> {
  const given = process.env.BENCH_STUDIO_URL;
  if (given) return { base: given.replace(/\/$/, ""), stop: async () => {} };
  const base = `http://127.0.0.1:${VIEW_PORT}`;
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT, env: { ...process.env, PORT: String(VIEW_PORT), STUDIO_DATA_DIR: dataDir, DATABASE_URL: "", NEXTAUTH_URL: base }, stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
  const stop = () => new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGINT");
  });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the studio exited (${child.exitCode}): ${stderr.trim().split("\n").at(-1) ?? ""}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return { base, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error("the studio did not answer within 10 minutes");
}

async function signIn(base: string, email: string): Promise<string> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const jar = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
    body: new URLSearchParams({ csrfToken, email, password: "specpath-demo", json: "true" }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`signing in as ${email} failed`);
  return session.split(";")[0]!;
}

const caller = (base: string, cookie: string) => async <T>(url: string, body?: unknown, method?: string): Promise<T> => {
  const res = await fetch(`${base}${url}`, {
    method: method ?? (body === undefined ? "GET" : "POST"),
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`${url}: ${data.error}`);
  return data;
};

const DIRECT = "getSecret fails silently today. Make a lookup of a secret that is not set throw a SecretNotFoundError, unless the caller passes { optional: true }, in which case it returns null.";

export async function prepareLongHistory(base: string, turns = TURNS): Promise<string> {
  const curator = caller(base, await signIn(base, "curator@specpath.test"));
  const lead = caller(base, await signIn(base, "lead@specpath.test"));
  const suites = await curator<{ id: string; name: string }[]>("/api/suites");
  const suiteId = suites.find((s) => s.name === "specpath-demo")!.id;
  const suite = await curator<{ families: { id: string; title: string }[] }>(`/api/suites/${suiteId}/agreement`);
  const familyId = suite.families.find((f) => f.title === "Required and optional secret lookup")!.id;
  const event = (a: string[] = [], r: string[] = []) => ({ activated: a, deactivated: [], restated: r });
  await curator(`/api/families/${familyId}/histories/direct/revisions`, { turns: [{ text: DIRECT, ...event(["A1", "A2"]) }] });
  const restate = Array.from({ length: turns - 1 }, (_, i) => ({ text: `Reminder ${i + 1}: a required lookup of a secret that is not set still throws SecretNotFoundError.`, ...event([], ["A1"]) }));
  const rev = await curator<{ version: number; id: string }>(`/api/families/${familyId}/histories/duplicate/revisions`, { turns: [{ text: DIRECT, ...event(["A1", "A2"]) }, ...restate] });
  await curator(`/api/families/${familyId}/histories/duplicate/revisions/1/send-to-review`, { version: rev.version });
  const me = await caller(base, await signIn(base, "reviewer@specpath.test"))<{ id: string }>("/api/me");
  const assignment = await lead<{ id: string }>(`/api/families/${familyId}/reviews/assignments`, { revisionId: rev.id, reviewerId: me.id });
  return assignment.id;
}

async function workspaceRows(): Promise<BenchRow[]> {
  const tmp = await makeTempDir("bench-review-view");
  await chmod(tmp, 0o755);
  let studio: TStudio | null = null;
  try {
    try {
      studio = await openStudio(path.join(tmp, "data"));
    } catch (error) {
      console.warn(`\n[review] workspace figure skipped: no studio could be started (${(error as Error).message}).`);
      return [];
    }
    const assignmentId = await prepareLongHistory(studio.base);
    const cookie = await signIn(studio.base, "reviewer@specpath.test");
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
    try {
      const context = await browser.newContext();
      const eq = cookie.indexOf("=");
      await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: studio.base }]);
      const page = await context.newPage();
      const time = async (url: string, ready: string) => {
        const started = performance.now();
        await page.goto(`${studio!.base}${url}`);
        await page.locator(ready).waitFor({ timeout: 120_000 });
        return (performance.now() - started) / 1000;
      };
      const mid = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const open = () => time(`/inbox/${assignmentId}`, `[data-testid="turn-${TURNS}"]`);
      await open();
      const ws: number[] = [];
      const inbox: number[] = [];
      for (let i = 0; i < 5; i++) { ws.push(await open()); inbox.push(await time("/inbox", '[data-testid="inbox-waiting"]')); }
      const value = mid(ws);
      const base = mid(inbox);
      return [{ name: `reviewer workspace of a ${TURNS}-turn history, every turn's encoding rendered (median of 5)`, value, unit: "s", baseline: { name: "the reviewer's inbox page", value: base }, ratio: value / base }];
    } finally {
      await browser.close();
    }
  } finally {
    await studio?.stop();
    await removeDir(tmp);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then((rows) => printRows("review", rows), (error: unknown) => { console.error(error); process.exitCode = 1; });
}
