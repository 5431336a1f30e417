/**
 * Records, for each real-corpus case, how the PR's hidden tests fail on the base: the base at the PR's base commit
 * plus the hidden test files, no gold, through the real sandbox (lib/runner executeRun) with the recipe the
 * counterfactual bench uses. Each failing probe keeps the runner's failure text (JUnit <failure>, TAP diagnostics),
 * which names what the assertion expected and what the base gave. The studio has the same text from its calibration
 * run of the base patch; the dynamic literal rule (lib/oracle-audit/base-outputs.ts) reads it.
 *
 * The recordings are committed under lib/oracle-audit/real-corpus/base-runs/<case id>.json, so the corpus bench and
 * its tests replay them without a sandbox (like the recorded GitHub responses). They are observations of the
 * real tests, not labels: a recording never changes a label, and it is made without reading one.
 *
 * Only cases with no recording run, unless ORACLE_BASE_RUN_ONLY names them (comma-separated ids) or
 * ORACLE_BASE_RUN_AGAIN=1. Setup is cached as the counterfactual bench's ($ORACLE_CF_CACHE).
 *   npx tsx bench/oracle-audit-base-runs.ts
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BASE_RUNS_DIR, type TRecordedBaseRun } from "../lib/oracle-audit/real-corpus/base-runs";
import { CORPUS_SETS, loadCorpus } from "../lib/oracle-audit/real-corpus/load";
import { executeRun } from "../lib/runner";
import { settleDiscards } from "../lib/runner/run-workspace";
import { caseRun, executedIdOf, pythonTestDeps, pythonWithPytest, recipeFor } from "./oracle-audit-counterfactuals";

const only = process.env.ORACLE_BASE_RUN_ONLY?.split(",").filter(Boolean) ?? null;
const again = process.env.ORACLE_BASE_RUN_AGAIN === "1";
const cacheDir = process.env.ORACLE_CF_CACHE ?? path.join(os.tmpdir(), "specpath-bench-oracle-cf");
const python = pythonWithPytest();
pythonTestDeps();
mkdirSync(BASE_RUNS_DIR, { recursive: true });

const todo = CORPUS_SETS.flatMap(([, dir]) => loadCorpus(dir)).flatMap((o) => (o.ok ? [o.loaded.case] : []))
  .filter((c) => (only ? only.includes(c.id) : again || !existsSync(path.join(BASE_RUNS_DIR, `${c.id}.json`))));
let done = 0;
for (const c of todo) {
  const bar = `[${"#".repeat(Math.round((done / todo.length) * 30)).padEnd(30)}] ${done}/${todo.length}`;
  process.stderr.write(`${bar} ${c.id}\n`);
  done += 1;
  const recipe = recipeFor(c, python);
  const file = path.join(BASE_RUNS_DIR, `${c.id}.json`);
  const write = (run: TRecordedBaseRun) => writeFileSync(file, `${JSON.stringify(run, null, 1)}\n`);
  if ("notRunnable" in recipe) {
    write({ caseId: c.id, baseCommit: c.baseCommit, outcome: "not_run", note: recipe.notRunnable, probes: [] });
    continue;
  }
  const { spec, base } = caseRun(c, recipe);
  const run = await executeRun(spec(null), { cacheDir, setupTimeoutMs: 900_000 });
  // Each probe by the case's own id (the runner may report `tests.test_x.Class::test` for `tests/test_x.py::Class::test`).
  const probes = c.probes.flatMap((probe) => {
    const id = executedIdOf(probe, run.tests.map((t) => t.id));
    const executed = run.tests.find((t) => t.id === id);
    if (!executed || executed.outcome === "pass") return [];
    return [{ probe, outcome: executed.outcome, message: executed.message ?? null, detail: executed.detail ?? null }];
  });
  write({ caseId: c.id, baseCommit: c.baseCommit, outcome: run.outcome, note: run.outcome === "infrastructure_error" ? `${run.message.slice(0, 300)}; stderr: ${run.logs.stderr.slice(0, 400)}; setup: ${run.logs.setup.slice(-300)}` : base.note.replace(/^; /, ""), probes });
}
await settleDiscards();
process.stderr.write(`[${"#".repeat(30)}] ${todo.length}/${todo.length} recorded under ${BASE_RUNS_DIR}\n`);
