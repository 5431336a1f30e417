// Loads the real corpus: the case files (labels, histories, probes) from cases/, and the
// files each case names from the repository snapshots with `git show` (the snapshots' code
// is read, never stored here). I/O: reads files and runs git.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { keepLines, parseCase, type TRealCase } from "./schema";
import { isTestModuleSource } from "../extract";

export const CASES_DIR = path.join(import.meta.dirname, "cases");
/** The held-out set: labelled and committed before the audit ran on it; no rule was tuned on it. */
export const HELD_OUT_DIR = path.join(import.meta.dirname, "held-out");
/** The second held-out set: new repositories, labelled and committed (f4a872d) before the audit first ran on it. */
export const HELD_OUT_2_DIR = path.join(import.meta.dirname, "held-out-2");
/** The third held-out set: ten PRs from six repositories in no earlier set, labelled and committed (cases, labels and loader in one commit) before the audit first ran on it. */
export const HELD_OUT_3_DIR = path.join(import.meta.dirname, "held-out-3");
/** The fourth held-out set: twelve PRs from ten repositories in no earlier set, labelled and committed (34d7814, cases and labels alone) before the audit first ran on it. */
export const HELD_OUT_4_DIR = path.join(import.meta.dirname, "held-out-4");
/** The fifth held-out set: twelve PRs from eight repositories in no earlier set, labelled and committed (cases and labels alone) before the audit first ran on it. */
export const HELD_OUT_5_DIR = path.join(import.meta.dirname, "held-out-5");
/** The sixth held-out set: fourteen PRs from nine repositories in no earlier set, labelled and committed (cases and labels alone) before the audit first ran on it. */
export const HELD_OUT_6_DIR = path.join(import.meta.dirname, "held-out-6");
/** The seventh held-out set: fourteen PRs from nine repositories in no earlier set, labelled and committed (13a8157, cases and labels alone) before the audit first ran on it. */
export const HELD_OUT_7_DIR = path.join(import.meta.dirname, "held-out-7");
/** The eighth held-out set: thirteen PRs from nine repositories in no earlier set, labelled and committed (91c07ec, cases and labels alone) before the audit first ran on it. */
export const HELD_OUT_8_DIR = path.join(import.meta.dirname, "held-out-8");
/** The ninth held-out set, sampled rather than chosen: thirteen PRs from seven repositories in no earlier set (the first 1–2 qualifying changes of each first-parent history), labelled and committed (b5a0ad5, cases and labels alone) before the audit first ran on it. */
export const HELD_OUT_9_DIR = path.join(import.meta.dirname, "held-out-9");
/** The tenth held-out set, sampled by held-out 9's rule: twelve PRs from nine repositories in no earlier set (the first 1–2 qualifying changes of each first-parent history), labelled and committed (b10b64d, cases and labels alone) before the audit first ran on it. */
export const HELD_OUT_10_DIR = path.join(import.meta.dirname, "held-out-10");
/** The eleventh held-out set, sampled by held-out 10's rule (owners a–l): twelve PRs from eight repositories in no earlier set (the first 1–2 qualifying changes of each first-parent history), labelled and committed (cases and labels alone) before the audit first ran on it. */
export const HELD_OUT_11_DIR = path.join(import.meta.dirname, "held-out-11");
export const HELD_OUT_12_DIR = path.join(import.meta.dirname, "held-out-12");
/** The thirteenth held-out set, sampled by held-out 12's rule (any owner): twelve PRs from ten repositories in no earlier set (the first 1–2 qualifying changes of each first-parent history), labelled and committed (cases and labels alone) before the audit first ran on it. */
export const HELD_OUT_13_DIR = path.join(import.meta.dirname, "held-out-13");
export const HELD_OUT_14_DIR = path.join(import.meta.dirname, "held-out-14");

export const HELD_OUT_15_DIR = path.join(import.meta.dirname, "held-out-15");
export const HELD_OUT_16_DIR = path.join(import.meta.dirname, "held-out-16");

export const HELD_OUT_17_DIR = path.join(import.meta.dirname, "held-out-17");
export const HELD_OUT_18_DIR = path.join(import.meta.dirname, "held-out-18");
export const HELD_OUT_19_DIR = path.join(import.meta.dirname, "held-out-19");
export const HELD_OUT_20_DIR = path.join(import.meta.dirname, "held-out-20");
export const HELD_OUT_21_DIR = path.join(import.meta.dirname, "held-out-21");
export const HELD_OUT_22_DIR = path.join(import.meta.dirname, "held-out-22");
export const HELD_OUT_23_DIR = path.join(import.meta.dirname, "held-out-23");
export const HELD_OUT_24_DIR = path.join(import.meta.dirname, "held-out-24");
export const HELD_OUT_25_DIR = path.join(import.meta.dirname, "held-out-25");
export const HELD_OUT_26_DIR = path.join(import.meta.dirname, "held-out-26");

export type TCorpusSet = "development" | "held-out" | "held-out-2" | "held-out-3" | "held-out-4" | "held-out-5" | "held-out-6" | "held-out-7" | "held-out-8" | "held-out-9" | "held-out-10" | "held-out-11" | "held-out-12" | "held-out-13" | "held-out-14" | "held-out-15" | "held-out-16" | "held-out-17" | "held-out-18" | "held-out-19" | "held-out-20" | "held-out-21" | "held-out-22" | "held-out-23" | "held-out-24" | "held-out-25" | "held-out-26";
/** Every set, each measured and printed on its own. "held-out" has been read and tuned on since its first run (it counts as development for rules). */
export const CORPUS_SETS: readonly (readonly [TCorpusSet, string])[] = [["development", CASES_DIR], ["held-out", HELD_OUT_DIR], ["held-out-2", HELD_OUT_2_DIR], ["held-out-3", HELD_OUT_3_DIR], ["held-out-4", HELD_OUT_4_DIR], ["held-out-5", HELD_OUT_5_DIR], ["held-out-6", HELD_OUT_6_DIR], ["held-out-7", HELD_OUT_7_DIR], ["held-out-8", HELD_OUT_8_DIR], ["held-out-9", HELD_OUT_9_DIR], ["held-out-10", HELD_OUT_10_DIR], ["held-out-11", HELD_OUT_11_DIR], ["held-out-12", HELD_OUT_12_DIR], ["held-out-13", HELD_OUT_13_DIR], ["held-out-14", HELD_OUT_14_DIR], ["held-out-15", HELD_OUT_15_DIR], ["held-out-16", HELD_OUT_16_DIR], ["held-out-17", HELD_OUT_17_DIR], ["held-out-18", HELD_OUT_18_DIR], ["held-out-19", HELD_OUT_19_DIR], ["held-out-20", HELD_OUT_20_DIR], ["held-out-21", HELD_OUT_21_DIR], ["held-out-22", HELD_OUT_22_DIR], ["held-out-23", HELD_OUT_23_DIR], ["held-out-24", HELD_OUT_24_DIR], ["held-out-25", HELD_OUT_25_DIR], ["held-out-26", HELD_OUT_26_DIR]];

/** Where `fetch` puts repository snapshots: <root>/<owner>+<name>/repo. */
export const mirrorRoot = () => process.env.ORACLE_CORPUS_MIRRORS ?? "/work/.mirror";
/** A snapshot is a bare git dir; some arrive as `repo/.git` (maxogden/concat-stream's): that git dir, then. */
export const mirrorOf = (repo: string) => {
  const dir = path.join(mirrorRoot(), repo.replace("/", "+"), "repo");
  return existsSync(path.join(dir, ".git", "HEAD")) ? path.join(dir, ".git") : dir;
};

export function readCases(dir = CASES_DIR): TRealCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => parseCase(JSON.parse(readFileSync(path.join(dir, f), "utf8")), f));
}

export interface TLoadedCase {
  case: TRealCase;
  /** Every path of each tree (module resolution), and the contents of the sources the case names. */
  basePaths: string[];
  goldPaths: string[];
  baseSources: Record<string, string>;
  goldSources: Record<string, string>;
  /** The hidden test files as the audit sees them (gold version, cut to `keep`). */
  testFiles: Record<string, string>;
  /** The whole gold test files, for checks on the cut. */
  wholeTests: Record<string, string>;
}

export type TLoadOutcome = { ok: true; loaded: TLoadedCase } | { ok: false; id: string; reason: string };

const git = (dir: string, args: string[]) => execFileSync("git", [`--git-dir=${dir}`, ...args], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });

function listTree(dir: string, commit: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of git(dir, ["ls-tree", "-r", "--full-tree", commit]).split("\n")) {
    const m = /^\d+ blob ([0-9a-f]+)\t(.*)$/.exec(line);
    if (m) out.set(m[2]!, m[1]!);
  }
  return out;
}

/** Blob contents by id, read in one `git cat-file --batch` call. */
function readBlobs(dir: string, ids: readonly string[]): Map<string, string> {
  const unique = [...new Set(ids)];
  const out = new Map<string, string>();
  if (unique.length === 0) return out;
  const raw = execFileSync("git", [`--git-dir=${dir}`, "cat-file", "--batch"], { input: unique.join("\n") + "\n", maxBuffer: 512 * 1024 * 1024 });
  let at = 0;
  for (const id of unique) {
    const nl = raw.indexOf(10, at);
    const header = raw.subarray(at, nl).toString("utf8");
    const size = Number(header.split(" ")[2]);
    if (!Number.isFinite(size)) throw new Error(`git cat-file could not read blob ${id}: ${header}`);
    out.set(id, raw.subarray(nl + 1, nl + 1 + size).toString("utf8"));
    at = nl + 1 + size + 1;
  }
  return out;
}

const isTestPath = (p: string) => /(^|\/)(__tests__|tests?|spec)\//.test(p) || /\.(test|spec|test-d)\.[cm]?[jt]sx?$/.test(p) || /(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/.test(p);

// How the tests run (the runner, ts-jest's type check) is read from the root manifest and jest config, as the worker
// reads every package.json of the tree, whether or not the case names them (gaps7).
const ROOT_RUNNER_FILES = /^(package\.json|jest\.config\.[cm]?[jt]s)$/;

/** The files a case names, at the base and at the merge commit. */
export function loadCase(c: TRealCase): TLoadOutcome {
  const dir = mirrorOf(c.repo);
  if (!existsSync(dir)) return { ok: false, id: c.id, reason: `no snapshot of ${c.repo} at ${dir} (fetch github:${c.repo})` };
  try {
    const base = listTree(dir, c.baseCommit);
    const gold = listTree(dir, c.mergeCommit);
    // Named files are read whole; folders (ending in /) give their source files, tests left out (the hidden tests are the case's own)
    // except files named like tests that the audit reads as modules a test may import from (gaps7), as the worker reads them.
    const pick = (tree: Map<string, string>) =>
      [...tree.keys()].filter((p) => ROOT_RUNNER_FILES.test(p) || c.sources.some((s) => (s.endsWith("/") ? p.startsWith(s) && (!isTestPath(p) || isTestModuleSource(p)) : p === s)));
    const basePicked = pick(base);
    const goldPicked = pick(gold);
    const tests = c.tests.map((t) => {
      const id = gold.get(t.path);
      if (!id) throw new Error(`the merge commit has no ${t.path}`);
      return { ...t, id };
    });
    const blobs = readBlobs(dir, [...basePicked.map((p) => base.get(p)!), ...goldPicked.map((p) => gold.get(p)!), ...tests.map((t) => t.id)]);
    const contents = (tree: Map<string, string>, paths: string[]) => Object.fromEntries(paths.map((p) => [p, blobs.get(tree.get(p)!)!]));
    const wholeTests = Object.fromEntries(tests.map((t) => [t.path, blobs.get(t.id)!]));
    return {
      ok: true,
      loaded: {
        case: c,
        basePaths: [...base.keys()],
        goldPaths: [...gold.keys()],
        baseSources: contents(base, basePicked),
        goldSources: contents(gold, goldPicked),
        testFiles: Object.fromEntries(tests.map((t) => [t.path, keepLines(wholeTests[t.path]!, t.keep)])),
        wholeTests,
      },
    };
  } catch (error) {
    return { ok: false, id: c.id, reason: `${c.repo}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}` };
  }
}

export function loadCorpus(dir = CASES_DIR): TLoadOutcome[] {
  return readCases(dir).map(loadCase);
}
