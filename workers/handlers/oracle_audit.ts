// The `oracle_audit` run kind: the static audit. Read the base and gold trees from the mirror (only where
// the cache misses), extract, classify every current history whose text changed, store the findings, and
// request one `counterfactual` run (workers/handlers/counterfactual.ts) per hidden name or literal not yet
// decided for this gold, through lib/runs/request-runs.ts.
import { ORACLE_ANALYZER_VERSION } from "@/lib/oracle-audit/analyzer-version";
import { AuditInputError, auditFailureSentence } from "@/lib/oracle-audit/audit-failure";
import { databaseAuditCache } from "@/lib/oracle-audit/definition-cache";
import { loadReusable } from "@/lib/oracle-audit/load-reusable";
import { staticAudit, type TStaticAuditSources } from "@/lib/oracle-audit/static-audit";
import { counterfactualOutcome } from "@/lib/oracle-audit/counterfactual";
import { dependencyKey } from "@/lib/oracle-audit/findings";
import { mutateGoldWithTrees } from "@/lib/oracle-audit/audit-files";
import { isAuditedSource, isTestModuleSource } from "@/lib/oracle-audit/extract";
import { languageOf } from "@/lib/oracle-audit/languages";
import { loadAuditInput } from "@/lib/oracle-audit/load-audit-input";
import { loadBaseFailures } from "@/lib/oracle-audit/load-base-failures";
import { requestCounterfactualRuns } from "@/lib/oracle-audit/request-counterfactuals";
import { saveOracleAudit, type TCounterfactualDraft } from "@/lib/oracle-audit/save-oracle-audit";
import type { TRunResultInput } from "@/lib/runs/save-run-result";
import { ensureMirror, patchPaths, requireCommit, RunnerError, type RunnerOptions } from "../../lib/runner/index";
import { listTree, MAX_FILE_BYTES, readFiles, treeWithPatches } from "./oracle-audit-trees";
import { isTestCode } from "@/lib/oracle-audit/audit-files";
import type { Handler, TRunContext } from "./types";

type TContext = TRunContext;
// Sources, and files named like tests, read only as modules a test imports from (gaps7).
const isReadSource = (p: string) => isAuditedSource(p) || isTestModuleSource(p);
const EMPTY: TRunResultInput = { status: "passed", signature: [], probes: [], stdout: "", stderr: "", message: null, sandbox: "none", warnings: [], timings: {} };

export const handleOracleAudit: Handler = async (context, runner) => {
  try {
    return await staticAuditRun(context, runner);
  } catch (error) {
    // The curator reads one sentence; the worker's log keeps the rest.
    console.error(`oracle audit run ${context.run.id} failed:`, error);
    return { ...EMPTY, status: "infrastructure_error", message: auditFailureSentence(error instanceof RunnerError ? new AuditInputError(error.message) : error) };
  }
};

const once = <T>(f: () => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () => (p ??= f());
};

async function staticAuditRun(context: TContext, runner: RunnerOptions): Promise<TRunResultInput> {
  const started = performance.now();
  const input = await loadAuditInput(context.family.id);
  if (!input.goldPatch.trim()) return { ...EMPTY, status: "infrastructure_error", message: "The family has no gold patch to audit against." };
  const mirror = once(() => ensureMirror(input.repo, { cacheDir: runner.cacheDir }));
  const base = once(async () => requireCommit(await mirror(), input.baseCommit, { cacheDir: runner.cacheDir }));
  // A full commit id names the base without the mirror, so a re-audit of edited text reads no git tree.
  const baseId = /^[0-9a-f]{40}$/.test(input.baseCommit) ? input.baseCommit : await base();
  const hiddenPaths = patchPaths(input.hiddenTestPatch);
  const sources: TStaticAuditSources = {
    base: async () => {
      const m = await mirror();
      const paths = await listTree(m.dir, await base());
      return { files: await readFiles(m.dir, await base(), paths.filter(isReadSource)), paths };
    },
    gold: async () => {
      const m = await mirror();
      const tree = await treeWithPatches(m.dir, await base(), [input.hiddenTestPatch, input.goldPatch]);
      const paths = await listTree(m.dir, tree);
      const present = new Set(paths);
      const changed = [...new Set([...hiddenPaths, ...patchPaths(input.goldPatch)])].filter((p) => present.has(p));
      const testPaths = hiddenPaths.filter((p) => present.has(p));
      const testFiles = await readFiles(m.dir, tree, testPaths);
      // A hidden test file too large to read is said to be not audited, never silently left out.
      const unread = testPaths.filter((p) => !(p in testFiles) && isTestCode(p)).map((file) => ({ file, reason: `it is larger than ${MAX_FILE_BYTES / 1024} KiB, more than the audit reads` }));
      return { changed: await readFiles(m.dir, tree, changed.filter(isReadSource)), paths, testFiles, unread };
    },
  };
  // The probes hash holds the base run too: an audit of another base run is not reused.
  const baseFailures = input.baseRunId ? await loadBaseFailures(input.baseRunId) : null;
  const reusable = await loadReusable(input.familyId, { goldHash: input.goldHash, probesHash: input.probesHash, analyzer: ORACLE_ANALYZER_VERSION });
  const staticStarted = performance.now();
  const result = await staticAudit({
    cacheKeys: { base: `v${ORACLE_ANALYZER_VERSION}:base:${baseId}`, gold: `v${ORACLE_ANALYZER_VERSION}:gold:${baseId}:${input.goldHash}` },
    histories: input.histories, probeTestIds: input.probeTestIds, previous: reusable.histories, baseFailures,
  }, sources, databaseAuditCache);
  const staticMs = performance.now() - staticStarted;
  const { audit, tests, testFiles } = result;

  // One counterfactual per hidden name or literal, whichever histories it is hidden in; one already decided for this gold is kept.
  const drafts = new Map<string, TCounterfactualDraft>();
  let goldChanged: Record<string, string> | null = null;
  for (const f of audit.histories.flatMap((h) => h.findings)) {
    // Paths are not renamed; a finding no probe runs (informational) has nothing to confirm.
    if (f.kind === "path" || f.probeTestIds.length === 0) continue;
    const existing = drafts.get(f.dependencyKey);
    if (existing) {
      existing.predictedProbeTestIds = [...new Set([...existing.predictedProbeTestIds, ...f.probeTestIds])];
      continue;
    }
    const earlier = reusable.counterfactuals.get(f.dependencyKey);
    if (earlier) {
      drafts.set(f.dependencyKey, { dependencyKey: f.dependencyKey, mutation: earlier.mutation, patch: earlier.patch, predictedProbeTestIds: [...f.probeTestIds], outcome: earlier.outcome, message: earlier.message, failedProbeTestIds: earlier.failedProbeTestIds });
      continue;
    }
    const dep = tests.find((t) => t.file === f.file)?.dependencies.find((d) => dependencyKey(d) === f.dependencyKey);
    // Renamed where gold's syntax trees have the identifier, never the same spelling on a built-in or another object.
    goldChanged ??= (await sources.gold()).changed;
    const mutation = await mutateGoldWithTrees(input.goldPatch, { kind: f.kind, value: f.name, match: dep?.match ?? null, owner: dep?.owner ?? null, via: dep?.via, file: f.file }, goldChanged, (p) => testFiles.includes(p) || (languageOf(p)?.isTestFile(p) ?? false));
    drafts.set(f.dependencyKey, mutation.ok
      ? { dependencyKey: f.dependencyKey, mutation: mutation.mutation, patch: mutation.patch, predictedProbeTestIds: [...f.probeTestIds], outcome: null, message: null }
      : { dependencyKey: f.dependencyKey, mutation: "", patch: "", predictedProbeTestIds: [...f.probeTestIds], outcome: "error", message: mutation.reason });
  }
  // A kept counterfactual is judged again against this audit's prediction.
  for (const d of drafts.values()) {
    if (d.failedProbeTestIds && d.outcome !== null && d.outcome !== "error") d.outcome = counterfactualOutcome(d.predictedProbeTestIds, d.failedProbeTestIds, input.probeTestIds);
  }
  const pending = await saveOracleAudit({
    familyId: input.familyId, runId: context.run.id, goldHash: input.goldHash, probesHash: input.probesHash, analyzer: ORACLE_ANALYZER_VERSION, baseRunId: input.baseRunId,
    revisionKeys: input.histories.map((h) => `${h.revisionId}@${h.textHash}`),
    histories: input.histories.map((h) => ({ revisionId: h.revisionId, historyId: h.historyId, textHash: h.textHash, reused: reusable.histories.has(h.textHash) })),
    audit, listing: result.listing, counterfactuals: [...drafts.values()],
  });
  if (input.probeTestIds.length > 0) await requestCounterfactualRuns(input.familyId, pending);
  const hidden = audit.histories.reduce((n, h) => n + h.findings.length, 0);
  const { stats } = result;
  return {
    ...EMPTY,
    message: `Audited ${testFiles.length} test file${testFiles.length === 1 ? "" : "s"} (${audit.dependencies} dependencies) for ${input.histories.length} histories`
      + `${stats.reused > 0 ? ` (${stats.reused} unchanged since the last audit, kept)` : ""}: ${hidden} hidden across histories, ${audit.notAudited.length} not audited; `
      + `${pending.length} counterfactual run${pending.length === 1 ? "" : "s"} queued.`,
    timings: {
      staticMs: Math.round(staticMs), totalMs: Math.round(performance.now() - started), baseCached: stats.baseCached ? 1 : 0, goldCached: stats.goldCached ? 1 : 0,
      testsCached: stats.testsCached ? 1 : 0, historiesReused: stats.reused, historiesClassified: stats.classified,
    },
  };
}
