/**
 * Source-anchoring figures: listing candidates from a 2,000-commit repository with
 * import-local, beside plain `git log --numstat` over the same history; and opening the
 * evidence view of a 40-file, 10,000-line PR in Chromium until its first diff is interactive,
 * broken down on the page's clock (shell HTML, JS chunks, the first file's API answer in bytes and
 * ms, Monaco's code, the diff editor, the models, the diff in the worker, its first paint).
 * Run: npx tsx bench/anchoring.ts (the evidence view starts a studio, which builds it if needed;
 * set BENCH_STUDIO_URL to use a running one, BENCH_SKIP_BROWSER=1 to skip that figure).
 */
import { spawn } from "node:child_process";
import { chmod } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import { funnelCounts } from "../lib/anchoring/screening/screen-candidate";
import { listLocalCandidates } from "../lib/anchoring/imports/list-local-candidates";
import { runGit, spawnGit } from "../lib/git/run-git";
import { initRepo, makeTempDir, removeDir } from "../lib/git/testing/temp-repo";
import { goal } from "./goal";
import { printRows, type BenchRow } from "./types";

const ROOT = path.resolve(import.meta.dirname, "..");
const COMMITS = 2000;
const MODULES = 50;
const LINES = 40;

/** A fast-import stream: direct commits, two-commit branches merged with --no-ff, and bot lockfile bumps. */
function historyStream(total: number): { stream: string; firstParent: number } {
  const out: string[] = [];
  const versions = Array.from({ length: MODULES }, () => Array<number>(LINES).fill(0));
  let mark = 0;
  let time = 1_700_000_000;
  let mainTip = 0;
  let firstParent = 0;
  const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const source = (m: number) => versions[m]!.map((v, i) => `export const value${i} = ${v}; // module ${m}\n`).join("");
  const test = (m: number) => `import { value0 } from "../src/module${m}";\ntest("module ${m}", () => expect(value0).toBe(${versions[m]![0]}));\n`;
  const touch = (m: number, seed: number) => {
    versions[m]![seed % LINES]! += 1;
    versions[m]![0]! += 1;
    return `M 100644 inline src/module${m}.ts\n${data(source(m))}M 100644 inline tests/module${m}.test.ts\n${data(test(m))}`;
  };
  const commit = (ref: string, message: string, body: string, parents: number[], bot = false) => {
    mark++;
    time += 60;
    const who = bot ? "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>" : `Dev ${mark % 7} <dev${mark % 7}@example.com>`;
    const [from, ...merges] = parents;
    out.push(`commit ${ref}\nmark :${mark}\nauthor ${who} ${time} +0000\ncommitter ${who} ${time} +0000\n${data(message)}`);
    if (from) out.push(`from :${from}\n`);
    for (const merge of merges) out.push(`merge :${merge}\n`);
    out.push(body, "\n");
    return mark;
  };

  let made = 0;
  for (let pr = 1; made < total; pr++) {
    const m = (pr * 7) % MODULES;
    if (pr % 3 === 0 && made + 3 <= total) {
      const branch = `refs/heads/pr-${pr}`;
      const first = commit(branch, `Change module ${m}`, touch(m, pr), mainTip ? [mainTip] : []);
      const second = commit(branch, `Test module ${m} again`, touch((m + 1) % MODULES, pr + 1), [first]);
      const merged = `M 100644 inline src/module${m}.ts\n${data(source(m))}M 100644 inline tests/module${m}.test.ts\n${data(test(m))}` +
        `M 100644 inline src/module${(m + 1) % MODULES}.ts\n${data(source((m + 1) % MODULES))}` +
        `M 100644 inline tests/module${(m + 1) % MODULES}.test.ts\n${data(test((m + 1) % MODULES))}`;
      mainTip = commit("refs/heads/main", `Merge pull request #${pr} from acme/pr-${pr}`, merged, [mainTip, second]);
      made += 3;
    } else if (pr % 10 === 0) {
      mainTip = commit("refs/heads/main", `Bump dependency ${pr}`, `M 100644 inline package-lock.json\n${data(`{"lockfileVersion": 3, "bump": ${pr}}\n`)}`, [mainTip], true);
      made += 1;
    } else {
      mainTip = commit("refs/heads/main", `Fix module ${m}\n\nDetails of change ${pr}.`, touch(m, pr), mainTip ? [mainTip] : []);
      made += 1;
    }
    firstParent++;
  }
  return { stream: out.join(""), firstParent };
}

export async function generateRepository(dir: string): Promise<{ seconds: number; firstParent: number }> {
  const started = performance.now();
  await runGit(["init", "--bare", "-q", "--initial-branch=main", dir]);
  const { stream, firstParent } = historyStream(COMMITS);
  await runGit(["fast-import", "--quiet"], { cwd: dir, input: stream });
  return { seconds: (performance.now() - started) / 1000, firstParent };
}

/** Reads `git log --numstat` to the end and counts commits: the cost of git alone. */
function plainGitLog(dir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(["log", "--first-parent", "--diff-merges=first-parent", "--numstat", "main"], { cwd: dir });
    let commits = 0;
    let tail = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk: string) => {
      const text = tail + chunk;
      commits += text.split("\ncommit ").length - 1;
      tail = text.slice(-8);
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve(commits + 1) : reject(new Error(`git log exited ${code}`))));
    child.stdin.end();
  });
}

async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  await fn(); // warm the page cache and git's pack index
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push((performance.now() - started) / 1000);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

export async function run(): Promise<BenchRow[]> {
  const tmp = await makeTempDir("bench-anchoring");
  try {
    const dir = path.join(tmp, "repo.git");
    const generated = await generateRepository(dir);
    const candidates = await listLocalCandidates(dir);
    const logged = await plainGitLog(dir);
    if (logged !== generated.firstParent || candidates.length !== logged - 1) {
      throw new Error(`expected ${generated.firstParent} first-parent commits, git log gave ${logged} and import-local ${candidates.length} candidates`);
    }
    const ours = await median(5, () => listLocalCandidates(dir));
    const git = await median(5, () => plainGitLog(dir));
    const rate = (generated.firstParent - 1) / ours; // the root commit has no base and is no candidate
    const gitRate = generated.firstParent / git;
    const screenStart = performance.now();
    const funnel = funnelCounts(candidates);
    const screenSeconds = (performance.now() - screenStart) / 1000;
    const listingRows: BenchRow[] = [
      { name: `generate a ${COMMITS.toLocaleString("en")}-commit repository with git fast-import`, value: generated.seconds, unit: "s" },
      {
        name: `import-local candidate listing (${candidates.length} first-parent candidates with files)`,
        value: Math.round(rate),
        unit: "candidates/s",
        baseline: { name: "git log --first-parent --numstat", value: Math.round(gitRate) },
        ratio: rate / gitRate,
      },
      {
        name: `automatic gate over the listed candidates (${funnel.at(-1)!.count} kept of ${funnel[0]!.count})`,
        value: Math.round(candidates.length / screenSeconds),
        unit: "candidates/s",
      },
    ];
    const viewRows = process.env.BENCH_SKIP_BROWSER ? [] : await evidenceViewRows();
    return [...listingRows, ...viewRows];
  } finally {
    await removeDir(tmp);
  }
}

// ---------------------------------------------------------------------------
// Evidence view: a PR of 40 files and 10,000 changed lines, opened in Chromium against a
// running studio (BENCH_STUDIO_URL, or one started here with a throwaway data folder).

const VIEW_FILES = 40;
const VIEW_LINES_PER_FILE = 250; // 125 deleted + 125 added: 10,000 changed lines in all
const VIEW_PORT = Number(process.env.BENCH_PORT ?? 3360);
const VIEW_PG_PORT = Number(process.env.BENCH_PG_PORT ?? 4360);

/** A repository whose one merged PR rewrites 125 of the 200 lines of each of 20 source and 20 test files. */
export async function makeWidePullRequest(dir: string): Promise<void> {
  const repo = await initRepo(dir);
  const half = VIEW_FILES / 2;
  // 125 of 200 lines carry the version: each file changes by 125 deletions and 125 additions.
  const body = (file: number, version: string) =>
    Array.from({ length: 200 }, (_, i) => (i % 8 < 5 ? `export const v${file}_${i} = "${version}-${i}";\n` : `export const keep${file}_${i} = ${i};\n`)).join("");
  const files = (version: string) => Object.fromEntries(Array.from({ length: half }, (_, i) => [
    [`src/module${i}.ts`, body(i, version)],
    [`tests/module${i}.test.ts`, body(i + half, version)],
  ]).flat());
  await repo.write(files("old"));
  await repo.commit("Initial");
  await repo.git("checkout", "-q", "-b", "wide-change");
  await repo.write(files("new"));
  await repo.commit("Rename every exported value\n\nA wide mechanical change across modules and their tests.");
  await repo.git("checkout", "-q", "main");
  await repo.git("merge", "-q", "--no-ff", "wide-change", "-m", "Merge pull request #77 from acme/wide-change");
}

type TStudio = { base: string; stop: () => Promise<void> };

async function openStudio(dataDir: string): Promise<TStudio> {
  const given = process.env.BENCH_STUDIO_URL;
  if (given) return { base: given.replace(/\/$/, ""), stop: async () => {} };
  const base = `http://127.0.0.1:${VIEW_PORT}`;
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/start.ts")], {
    cwd: ROOT,
    // The bench's repository sits beside the data folder: an allowed import root for this studio.
    env: { ...process.env, PORT: String(VIEW_PORT), STUDIO_PG_PORT: String(VIEW_PG_PORT), STUDIO_DATA_DIR: dataDir, DATABASE_URL: "", NEXTAUTH_URL: base, STUDIO_IMPORT_ROOTS: path.dirname(dataDir) },
    stdio: ["ignore", "ignore", "pipe"],
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
    const up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (up) return { base, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error("the studio did not answer within 10 minutes");
}

export async function signIn(base: string): Promise<string> {
  const csrfRes = await fetch(`${base}/api/auth/csrf`);
  const jar = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST", redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
    body: new URLSearchParams({ csrfToken, email: "curator@specpath.test", password: "specpath-demo", json: "true" }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error("signing in as the demo curator failed");
  return session.split(";")[0]!;
}

/** Imports the repository through the API and admits its PR (the gate drops it for size). */
export async function admitWidePullRequest(base: string, cookie: string, repoDir: string): Promise<string> {
  const call = async <T>(url: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${url}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(`${url}: ${data.error}`);
    return data;
  };
  const suite = await call<{ id: string }>("/api/suites", { name: `bench-evidence-${Date.now()}` });
  const job = await call<{ id: string }>(`/api/suites/${suite.id}/imports`, { source: "local", repo: repoDir });
  for (;;) {
    const now = await call<{ status: string; message: string }>(`/api/imports/${job.id}`);
    if (now.status === "done") break;
    if (now.status === "failed") throw new Error(`the import failed: ${now.message}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const { candidates } = await call<{ candidates: { id: string; fileCount: number; additions: number; deletions: number }[] }>(`/api/suites/${suite.id}/candidates`);
  const wide = candidates.find((c) => c.fileCount === VIEW_FILES)!;
  if (wide.additions + wide.deletions !== VIEW_FILES * VIEW_LINES_PER_FILE) throw new Error(`the PR changes ${wide.additions + wide.deletions} lines`);
  const admitted = await call<{ familyId: string }>(`/api/suites/${suite.id}/candidates/${wide.id}/admit`, { overrideReason: "benchmark" });
  return admitted.familyId;
}

async function evidenceViewRows(): Promise<BenchRow[]> {
  const tmp = await makeTempDir("bench-evidence-view");
  await chmod(tmp, 0o755); // the embedded PostgreSQL's own user must reach its data folder
  let studio: TStudio | null = null;
  try {
    const repoDir = path.join(tmp, "wide");
    await makeWidePullRequest(repoDir);
    try {
      studio = await openStudio(path.join(tmp, "data"));
    } catch (error) {
      console.warn(`\n[anchoring] evidence view figure skipped: no studio could be started (${(error as Error).message}).`);
      return [];
    }
    const cookie = await signIn(studio.base);
    const familyId = await admitWidePullRequest(studio.base, cookie, repoDir);
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
    try {
      const context = await browser.newContext();
      const eq = cookie.indexOf("=");
      await context.addCookies([{ name: cookie.slice(0, eq), value: cookie.slice(eq + 1), url: studio.base }]);
      const page = await context.newPage();
      const open = async () => {
        const started = performance.now();
        await page.goto(`${studio!.base}/families/${familyId}/evidence`);
        await page.locator('[data-testid="diff-files"]').first().waitFor();
        const listed = performance.now() - started;
        await page.locator('[data-testid="monaco-diff"][data-diff-ready="true"]').waitFor({ timeout: 120_000 });
        const interactive = (performance.now() - started) / 1000;
        // Where the time went, on the page's own clock (ms since navigation start): resource timings and the
        // User Timing marks of monaco-diff.tsx. A string, not a function: tsx would wrap a function's inner
        // helpers in its own __name, absent in the page.
        await page.waitForFunction(`performance.getEntriesByName("specpath:diff-painted").length > 0`, undefined, { timeout: 10_000 }).catch(() => undefined);
        const phases = (await page.evaluate(`(() => {
          const at = (name) => performance.getEntriesByName(name)[0]?.startTime ?? NaN;
          const nav = performance.getEntriesByType("navigation")[0];
          const resources = performance.getEntriesByType("resource");
          const sum = (list, key) => list.reduce((n, e) => n + (e[key] || 0), 0);
          const last = (list) => list.reduce((n, e) => Math.max(n, e.responseEnd), 0);
          const chunks = resources.filter((e) => e.name.includes("/_next/static/") && e.name.endsWith(".js"));
          const monacoUpTo = at("specpath:monaco-loaded");
          const monaco = resources.filter((e) => e.name.includes("/evidence/monaco/") && e.startTime <= monacoUpTo);
          // The first file's texts: with the evidence (?open=) since issue 24, else their own request (?contents=1).
          const api = resources.find((e) => e.name.includes("/evidence?open=")) ?? resources.find((e) => e.name.includes("/diff-files/") && e.name.includes("contents=1"));
          return {
            html: nav?.responseEnd ?? NaN, htmlKb: (nav?.decodedBodySize ?? NaN) / 1024,
            chunks: last(chunks), chunkCount: chunks.length, chunkKb: sum(chunks, "decodedBodySize") / 1024,
            hydrated: nav?.domContentLoadedEventEnd ?? NaN,
            apiStart: api?.startTime ?? NaN, api: api?.responseEnd ?? NaN, apiKb: (api?.decodedBodySize ?? NaN) / 1024, received: at("specpath:evidence-received"),
            monacoFiles: monaco.length, monacoKb: sum(monaco, "decodedBodySize") / 1024,
            monacoStart: monaco.reduce((n, e) => Math.min(n, e.startTime), Infinity),
            monaco: monacoUpTo,
            create: at("specpath:diff-editor-create"), created: at("specpath:diff-editor-created"), models: at("specpath:models-created"),
            mounted: at("specpath:diff-editor-mounted"), ready: at("specpath:diff-ready"), painted: at("specpath:diff-painted"),
          };
        })()`)) as Record<string, number>;
        return { listed: listed / 1000, interactive, phases };
      };
      const cold = await open(); // Monaco's files are not in the browser cache yet
      const warm: Awaited<ReturnType<typeof open>>[] = [];
      for (let i = 0; i < 5; i++) warm.push(await open());
      const mid = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const interactive = mid(warm.map((w) => w.interactive));
      const listed = mid(warm.map((w) => w.listed));
      const phase = (key: string) => mid(warm.map((w) => w.phases[key]!));
      const span = (from: string, to: string) => mid(warm.map((w) => w.phases[to]! - w.phases[from]!));
      const kb = (key: string) => `${Math.round(phase(key))} kB`;
      return [
        {
          name: `evidence view of a ${VIEW_FILES}-file, ${(VIEW_FILES * VIEW_LINES_PER_FILE).toLocaleString("en")}-line PR: first file's diff interactive in Monaco (median of 5, warm cache) ${goal(interactive, 1, "s")}`,
          value: interactive,
          unit: "s",
          baseline: { name: "file list rendered in the same load", value: listed },
          ratio: interactive / listed,
        },
        { name: `  where it went (page clock: ms since navigation start, medians): shell HTML received (${kb("htmlKb")})`, value: phase("html"), unit: "ms" },
        { name: `  … JS chunks received (${Math.round(phase("chunkCount"))} files, ${kb("chunkKb")}; warm: from the browser cache)`, value: phase("chunks"), unit: "ms" },
        { name: "  … DOMContentLoaded (scripts run, hydration under way)", value: phase("hydrated"), unit: "ms" },
        { name: `  … the first file's texts received (${kb("apiKb")} of JSON; requested at ${Math.round(phase("apiStart"))} ms)`, value: phase("api"), unit: "ms",
          baseline: { name: "request to answer", value: span("apiStart", "api") } },
        { name: `  … Monaco's code loaded and run (${Math.round(phase("monacoFiles"))} files, ${kb("monacoKb")}; first requested at ${Math.round(phase("monacoStart"))} ms)`, value: phase("monaco"), unit: "ms" },
        { name: "  … the page starts the diff editor (React has rendered the evidence with the file's viewer)", value: phase("create"), unit: "ms",
          baseline: { name: "after the evidence was parsed", value: span("received", "create") } },
        { name: "  … diff editor created", value: phase("created"), unit: "ms", baseline: { name: "createDiffEditor took", value: span("create", "created") } },
        { name: "  … the file's two models created", value: phase("models"), unit: "ms", baseline: { name: "createModel ×2 took", value: span("created", "models") } },
        { name: "  … models set, diff requested (mounted)", value: phase("mounted"), unit: "ms", baseline: { name: "setModel took", value: span("models", "mounted") } },
        { name: "  … first diff computed in the (preloaded) worker: interactive", value: phase("ready"), unit: "ms", baseline: { name: "after mounted", value: span("mounted", "ready") } },
        { name: "  … first diff painted (the frame after)", value: phase("painted"), unit: "ms" },
        ...(interactive > 1
          ? [{
              name: "  in the way of the goal (page clock, ms): Monaco's code after DOMContentLoaded, the diff editor's creation with the file's models after both Monaco and the texts are in, the first diff in the worker",
              value: phase("monaco") - phase("hydrated"),
              unit: "ms",
              baseline: { name: `creation ${Math.round(phase("mounted") - Math.max(phase("monaco"), phase("api")))} ms, first diff`, value: phase("ready") - phase("mounted") },
            }]
          : []),
        { name: "the same, first open with Monaco not yet cached", value: cold.interactive, unit: "s" },
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await studio?.stop();
    await removeDir(tmp);
  }
}


if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then((rows) => printRows("anchoring", rows), (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
