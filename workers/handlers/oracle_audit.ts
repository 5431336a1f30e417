// The `oracle_audit` run kind. A run without a counterfactual row is the static audit:
// read the base and gold trees from the mirror, extract, classify per current history,
// store the findings and queue one counterfactual run per hidden name or literal.
// A run with one executes gold with that dependency renamed and judges the failures.
import { ORACLE_ANALYZER_VERSION } from "@/lib/oracle-audit/analyzer-version";
import crypto from "node:crypto";
import { requestRuns } from "@/lib/runs/request-runs";
import { db } from "@/lib/db";
import { auditFiles, definitionsOfFiles, definitionsOverBase } from "@/lib/oracle-audit/audit-files";
import { cachedDefinitions } from "@/lib/oracle-findings/definition-cache";
import { counterfactualOutcome, mutateGold } from "@/lib/oracle-audit/counterfactual";
import { isAuditedSource } from "@/lib/oracle-audit/extract";
import { languageOf } from "@/lib/oracle-audit/languages";
import { loadAuditInput } from "@/lib/oracle-findings/load-audit-input";
import { findCounterfactualByRun, linkCounterfactualRuns, recordCounterfactual } from "@/lib/oracle-findings/record-counterfactual";
import { saveOracleAudit, type TCounterfactualDraft } from "@/lib/oracle-findings/save-oracle-audit";
import type { TRunResultInput } from "@/lib/runs/save-run-result";
import { ensureMirror, executeRun, patchPaths, requireCommit, type RunnerOptions } from "../runner/index";
import { listTree, readFiles, treeWithPatches } from "./oracle-audit-trees";
import type { Handler, TRunContext } from "./types";

type TContext = TRunContext;
const EMPTY: TRunResultInput = { status: "passed", signature: [], probes: [], stdout: "", stderr: "", message: null, sandbox: "none", warnings: [], timings: {} };
const sha = (s: string) => crypto.createHash("sha256").update(s).digest("hex");

export const handleOracleAudit: Handler = async (context, runner) => {
  const counterfactual = await findCounterfactualByRun(context.run.id);
  return counterfactual ? runCounterfactual(context, runner, counterfactual) : runStaticAudit(context, runner);
};

async function runStaticAudit(context: TContext, runner: RunnerOptions): Promise<TRunResultInput> {
  const started = performance.now();
  const input = await loadAuditInput(context.family.id);
  if (!input.goldPatch.trim()) return { ...EMPTY, status: "infrastructure_error", message: "The family has no gold patch to audit against." };
  const mirror = await ensureMirror(input.repo, { cacheDir: runner.cacheDir });
  const base = await requireCommit(mirror, input.baseCommit, { cacheDir: runner.cacheDir });
  const goldHash = sha(`${input.hiddenTestPatch}\0${input.goldPatch}`);
  const basePaths = await listTree(mirror.dir, base);
  const baseDefs = await cachedDefinitions(`v${ORACLE_ANALYZER_VERSION}:base:${base}`, async () => definitionsOfFiles(await readFiles(mirror.dir, base, basePaths.filter(isAuditedSource)), basePaths));
  const goldTree = await treeWithPatches(mirror.dir, base, [input.hiddenTestPatch, input.goldPatch]);
  const goldPaths = await listTree(mirror.dir, goldTree);
  const present = new Set(goldPaths);
  const changed = [...new Set([...patchPaths(input.hiddenTestPatch), ...patchPaths(input.goldPatch)])].filter((p) => present.has(p));
  const goldDefs = await cachedDefinitions(`v${ORACLE_ANALYZER_VERSION}:gold:${base}:${goldHash}`, async () =>
    definitionsOverBase(baseDefs.definitions, await readFiles(mirror.dir, goldTree, changed.filter(isAuditedSource)), goldPaths));
  const testPaths = patchPaths(input.hiddenTestPatch).filter((p) => present.has(p));
  const testFiles = await readFiles(mirror.dir, goldTree, testPaths);
  const staticStarted = performance.now();
  const audit = await auditFiles({ base: baseDefs.definitions, gold: goldDefs.definitions, testFiles, histories: input.histories, probeTestIds: input.probeTestIds });
  const staticMs = performance.now() - staticStarted;

  // One counterfactual per hidden name or literal, whichever histories it is hidden in.
  const drafts = new Map<string, TCounterfactualDraft>();
  for (const f of audit.histories.flatMap((h) => h.findings)) {
    if (f.kind === "path") continue;
    const existing = drafts.get(f.dependencyKey);
    if (existing) {
      existing.predictedProbeTestIds = [...new Set([...existing.predictedProbeTestIds, ...f.probeTestIds])];
      continue;
    }
    const dep = audit.tests.find((t) => t.file === f.file)?.dependencies.find((d) => `${d.kind}:${d.module ?? ""}:${d.value}` === f.dependencyKey);
    const mutation = mutateGold(input.goldPatch, { kind: f.kind, value: f.name, match: dep?.match ?? null }, (p) => testPaths.includes(p) || (languageOf(p)?.isTestFile(p) ?? false));
    drafts.set(f.dependencyKey, mutation.ok
      ? { dependencyKey: f.dependencyKey, mutation: mutation.mutation, patch: mutation.patch, predictedProbeTestIds: [...f.probeTestIds], outcome: null, message: null }
      : { dependencyKey: f.dependencyKey, mutation: "", patch: "", predictedProbeTestIds: [...f.probeTestIds], outcome: "error", message: mutation.reason });
  }
  const pending = await saveOracleAudit({
    familyId: input.familyId, runId: context.run.id, goldHash,
    revisionKeys: input.histories.map((h) => `${h.revisionId}@${h.version}`), audit, counterfactuals: [...drafts.values()],
  });
  if (pending.length > 0 && input.probeTestIds.length > 0) {
    const keys = pending.map((p) => ({ id: p.id, requestKey: `${input.familyId}:oracle_audit:counterfactual:${p.id}` }));
    await requestRuns(null, input.familyId, keys.map((k) => ({ kind: "oracle_audit" as const, patchRole: null, patchId: null, historyRevisionId: null, repeat: 0, requestKey: k.requestKey })));
    const runs = await db().run.findMany({ where: { requestKey: { in: keys.map((k) => k.requestKey) } }, select: { id: true, requestKey: true } });
    await linkCounterfactualRuns(keys.map((k) => ({ id: k.id, runId: runs.find((r) => r.requestKey === k.requestKey)!.id })));
  }
  const hidden = audit.histories.reduce((n, h) => n + h.findings.length, 0);
  return {
    ...EMPTY,
    message: `Audited ${Object.keys(testFiles).length} test file${Object.keys(testFiles).length === 1 ? "" : "s"} (${audit.dependencies} dependencies) for ${input.histories.length} histories: ${hidden} hidden across histories, ${audit.notAudited.length} not audited; ${pending.length} counterfactual run${pending.length === 1 ? "" : "s"} queued.`,
    timings: { staticMs: Math.round(staticMs), totalMs: Math.round(performance.now() - started), baseCached: baseDefs.cached ? 1 : 0, goldCached: goldDefs.cached ? 1 : 0 },
  };
}

async function runCounterfactual(context: TContext, runner: RunnerOptions, row: NonNullable<Awaited<ReturnType<typeof findCounterfactualByRun>>>): Promise<TRunResultInput> {
  const result = await executeRun({ ...context.execute, patch: row.patch, historyFile: null }, runner);
  const logs = { stdout: result.logs.stdout, stderr: [result.logs.apply, result.logs.setup, result.logs.stderr].filter(Boolean).join("\n") };
  if (result.outcome !== "passed" && result.outcome !== "failed" && result.outcome !== "empty_collection") {
    await recordCounterfactual(row.id, { outcome: "error", failedProbeTestIds: [], message: `${row.mutation}: ${result.outcome}: ${result.message}` });
    return { ...EMPTY, ...logs, status: result.outcome, message: result.message, sandbox: result.sandbox ?? "none", warnings: result.warnings };
  }
  // A unit that no longer loads shows as missing probes: those failed too.
  const failed = result.probes.filter((p) => p.status !== "pass").map((p) => p.probe);
  const outcome = counterfactualOutcome(row.predictedProbeTestIds, failed);
  const message = `${row.mutation}: ${failed.length} of ${context.execute.probes.length} probes failed (${row.predictedProbeTestIds.length} predicted) — ${outcome}.`;
  await recordCounterfactual(row.id, { outcome, failedProbeTestIds: failed, message });
  return {
    ...EMPTY, ...logs, status: "passed", message, probes: result.probes,
    signature: (result.signature ?? "").split("").filter(Boolean).map(Number), sandbox: result.sandbox ?? "none", warnings: result.warnings, timings: { ...result.timings },
  };
}
