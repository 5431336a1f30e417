/**
 * Source-anchoring figures: listing candidates from a 2,000-commit repository with
 * import-local, beside plain `git log --numstat` over the same history.
 * Run: npx tsx bench/anchoring.ts
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { funnelCounts } from "../lib/anchoring/auto-gate";
import { listLocalCandidates } from "../lib/anchoring/import-local";
import { runGit, spawnGit } from "../lib/git/run-git";
import { makeTempDir, removeDir } from "../lib/git/testing/temp-repo";
import { printRows, type BenchRow } from "./types";

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
    return [
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
  } finally {
    await removeDir(tmp);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then((rows) => printRows("anchoring", rows), (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
