import "server-only";
import type { DbOrTx } from "@/lib/db";
import { notFound } from "@/lib/errors/app-error";
import type { TGateReport } from "@/lib/gates/types";
import { getVerifier } from "@/lib/verifier/get-verifier";
import { constructionAudit, type TPackageBody } from "./envelope";
import { defineEnvironment, type TRuntimeFacts } from "./environment";
import { sha256Hex } from "./hash";
import { PACKAGE_SCHEMA, type TPackage } from "./types";
import { type TPatchKind } from "@/lib/contract/types";

const KEY_ORDER = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/**
 * Everything the package holds, read from the family's rows inside `tx` (the freeze
 * transaction). Lists come in a stable order, so the same rows give the same bytes.
 */
export async function buildPackage(
  tx: DbOrTx,
  familyId: string,
  report: TGateReport,
  previousPackage: string | null,
  runtime: TRuntimeFacts = { node: null, python: null, pytest: null },
): Promise<TPackage> {
  const family = await tx.taskFamily.findUnique({
    where: { id: familyId },
    select: {
      title: true, repo: true, prNumber: true, upstreamRepo: true, mergedAt: true, baseCommit: true, mergeCommit: true, familyVersion: true,
      suite: { select: { name: true } },
      evidence: { select: { issueTitle: true, issueBody: true, prTitle: true, prBody: true, reviewThreads: true, diff: true } },
      diffFiles: { orderBy: { position: "asc" }, select: { path: true, kind: true, inSlice: true, reason: true } },
      atoms: {
        orderBy: [{ position: "asc" }, { key: "asc" }],
        select: {
          key: true, statement: true, scope: true, inputCondition: true, polarity: true, observation: true, role: true, status: true,
          reason: true, replacedBy: true, origin: true, mergedInto: { select: { key: true } },
          anchors: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { source: true, filePath: true, lineStart: true, lineEnd: true, quote: true } },
        },
      },
      probes: { orderBy: [{ position: "asc" }, { testId: "asc" }], select: { id: true, testId: true, kind: true, atoms: { select: { atom: { select: { key: true } } } } } },
      patches: { orderBy: [{ kind: "asc" }, { name: "asc" }], select: { id: true, kind: true, name: true, mode: true, diff: true, targetAtom: { select: { key: true } } } },
      histories: {
        orderBy: { condition: "asc" },
        select: {
          condition: true,
          revisions: {
            orderBy: { number: "asc" },
            select: {
              id: true, number: true, status: true,
              turns: { orderBy: { index: "asc" } },
              assignments: {
                orderBy: { createdAt: "asc" },
                select: { reviewerId: true, review: { select: { finalSet: true, operations: true, ambiguous: true, ambiguityNote: true, freeText: true, submittedAt: true } } },
              },
              adjudications: { orderBy: { createdAt: "asc" }, select: { leadId: true, decision: true, note: true, createdAt: true } },
            },
          },
        },
      },
      runs: {
        where: { kind: { in: ["calibrate", "replay"] } },
        orderBy: { createdAt: "asc" },
        select: { kind: true, patchRole: true, patchId: true, historyRevisionId: true, status: true, probeIds: true, signature: true },
      },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  const verifier = await getVerifier(familyId, tx);

  const accepted = family.atoms.filter((a) => a.status === "accepted");
  const probeIds = family.probes.map((p) => p.id).join("\n");
  const coverage: Record<string, string[]> = {};
  for (const probe of family.probes) for (const { atom } of probe.atoms) (coverage[atom.key] ??= []).push(probe.testId);
  const patchName = new Map(family.patches.map((p) => [p.id, p.name]));
  const revisionCondition = new Map(family.histories.flatMap((h) => h.revisions.map((r) => [r.id, h.condition] as const)));
  const currentRevision = new Set(family.histories.map((h) => h.revisions.at(-1)?.id));

  // The latest run per (kind, patch, history) against the current probe list: the signatures behind the gates.
  const latest = new Map<string, TPackage["audit"]["runs"][number]>();
  for (const run of family.runs) {
    if (run.probeIds.join("\n") !== probeIds) continue;
    if (run.historyRevisionId && !currentRevision.has(run.historyRevisionId)) continue;
    const patch = run.patchRole === "base" || !run.patchId ? null : (patchName.get(run.patchId) ?? null);
    const condition = run.historyRevisionId ? (revisionCondition.get(run.historyRevisionId) ?? null) : null;
    latest.set(`${run.kind}|${run.patchRole}|${patch}|${condition}`, {
      kind: run.kind, role: run.patchRole ?? (patch ? "patch" : "base"), patch, condition, status: run.status,
      signature: run.signature.length ? run.signature.join("") : null,
    });
  }
  const runs = [...latest.values()].sort((a, b) =>
    KEY_ORDER(`${a.kind}|${a.condition ?? ""}|${a.role}|${a.patch ?? ""}`, `${b.kind}|${b.condition ?? ""}|${b.role}|${b.patch ?? ""}`));

  const evidence = family.evidence;
  const protocol = verifier.protocol;
  const body: TPackageBody = {
    schema: PACKAGE_SCHEMA,
    family: { title: family.title, suite: family.suite.name, version: family.familyVersion, previousPackage },
    provenance: {
      repo: family.repo,
      ...(family.upstreamRepo ? { upstream: family.upstreamRepo } : {}),
      mergedAt: family.mergedAt?.toISOString() ?? null,
      prNumber: family.prNumber,
      baseCommit: family.baseCommit,
      mergeCommit: family.mergeCommit,
      evidence: {
        issue: sha256Hex(`${evidence?.issueTitle ?? ""}\n${evidence?.issueBody ?? ""}`),
        description: sha256Hex(`${evidence?.prTitle ?? ""}\n${evidence?.prBody ?? ""}`),
        review: sha256Hex(JSON.stringify(evidence?.reviewThreads ?? [])),
        diff: sha256Hex(evidence?.diff ?? ""),
      },
      files: family.diffFiles.map((f) => ({ path: f.path, kind: f.kind, inSlice: f.inSlice, reason: f.reason })),
    },
    contract: {
      atoms: accepted.map((a) => ({
        key: a.key, statement: a.statement, scope: a.scope, inputCondition: a.inputCondition, polarity: a.polarity,
        observation: a.observation, role: a.role, replacedBy: [...a.replacedBy], origin: a.origin, anchors: a.anchors,
      })),
      candidates: family.atoms
        .filter((a) => a.status === "rejected" || a.status === "merged")
        .map((a) => ({ key: a.key, statement: a.statement, status: a.status, reason: a.reason, mergedInto: a.mergedInto?.key ?? null })),
      finalContract: accepted.filter((a) => a.role !== "temporary").map((a) => a.key).sort(KEY_ORDER),
    },
    verifier: {
      setupCommand: verifier.setupCommand || null,
      testCommand: verifier.testCommand,
      resultFormat: verifier.resultFormat,
      timeoutSec: verifier.timeoutSec,
      image: verifier.image || null,
      probes: family.probes.map((p) => ({ testId: p.testId, atoms: p.atoms.map((x) => x.atom.key).sort(KEY_ORDER) })),
      // Guard tests (PASS_TO_PASS) are verifier tests that cover no atom: they must pass on gold and every alternative.
      guardTests: family.probes.filter((p) => p.kind === "guard").map((p) => p.testId),
      coverage: Object.fromEntries(Object.entries(coverage).map(([k, v]) => [k, v])),
      hiddenTestPatch: verifier.hiddenTestPatch,
    },
    environment: defineEnvironment({ setupCommand: verifier.setupCommand || null, testCommand: verifier.testCommand, image: verifier.image || null }, runtime),
    protocol: { ...protocol, verifierTimeoutSec: verifier.timeoutSec },
    patches: family.patches
      .filter((p) => p.kind !== "hidden_tests")
      .map((p) => ({ name: p.name, kind: p.kind as TPatchKind, targetAtom: p.targetAtom?.key ?? null, mode: p.mode, diff: p.diff })),
    histories: family.histories.map((h) => {
      const current = h.revisions.at(-1)!;
      return { condition: h.condition, revision: current.number, turns: current.turns.map((t) => ({ index: t.index, text: t.text })) };
    }),
    traces: family.histories.map((h) => {
      const current = h.revisions.at(-1)!;
      return {
        condition: h.condition,
        revision: current.number,
        turns: current.turns.map((t) => ({ index: t.index, activated: t.activated, deactivated: t.deactivated, restated: t.restated })),
      };
    }),
    audit: {
      revisions: family.histories.flatMap((h) => h.revisions.map((r) => ({
        condition: h.condition,
        number: r.number,
        status: r.status,
        current: currentRevision.has(r.id),
        turns: r.turns.map((t) => ({ text: t.text, activated: t.activated, deactivated: t.deactivated, restated: t.restated })),
        reviews: r.assignments.flatMap((a) => a.review?.submittedAt ? [{
          reviewer: a.reviewerId, finalSet: [...a.review.finalSet].sort(KEY_ORDER), operations: a.review.operations ?? [], ambiguous: a.review.ambiguous,
          ambiguityNote: a.review.ambiguityNote, freeText: a.review.freeText ?? [], submittedAt: a.review.submittedAt.toISOString(),
        }] : []),
        adjudications: r.adjudications.map((d) => ({ lead: d.leadId, decision: d.decision, note: d.note, at: d.createdAt.toISOString() })),
      }))),
      gates: report.stages.filter((s) => s.stage !== "freeze").flatMap((s) => s.gates.map((g) => ({ stage: g.stage, key: g.key, title: g.title, status: g.status, evidence: g.evidence }))),
      runs,
    },
  };
  return { ...body, construction_audit: constructionAudit(body) };
}
