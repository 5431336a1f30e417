import "server-only";
import { db, type ResultFormat, type RunKind } from "@/lib/db";
import { protocolOf, renderHistory } from "@/lib/contract/render-history";
import { patchDigest, protocolContent, revisionDigest, runContentHash, verifierDigest } from "./content-hash";

type TTurn = { text: string; activated: string[]; deactivated: string[]; restated: string[] };
type TContextRow = {
  id: string; kind: RunKind; patchRole: string | null; attempt: number;
  patchDiff: string | null; candidateDiff: string | null; hasRevision: boolean; turns: TTurn[];
  familyId: string; repo: string; baseCommit: string; mergeCommit: string; goldDiffs: string[];
  verifier: { setupCommand: string | null; testCommand: string; resultFormat: ResultFormat; hiddenTestPatch: string; timeoutSec: number; image: string | null; protocol: unknown } | null;
  probes: { id: string; testId: string }[];
};

/**
 * The run, its patch or mined candidate, its history revision's turns, and its family's verifier,
 * gold patch and probes in ONE statement (Prisma's nested select sent nine; a worker's slot pays
 * this on every run's path, issue 24). NULL operation lists read as empty, as Prisma reads them;
 * `lib/runs/load-run-context.integration.test.ts` checks it answers what the nested select did.
 */
async function loadRow(runId: string): Promise<TContextRow> {
  const rows = await db().$queryRaw<TContextRow[]>`
    SELECT r.id, r.kind::text AS kind, r."patchRole", r.attempt,
      p.diff AS "patchDiff", nc.diff AS "candidateDiff", (hr.id IS NOT NULL) AS "hasRevision",
      COALESCE((SELECT json_agg(json_build_object('text', t.text, 'activated', COALESCE(t.activated, '{}'), 'deactivated', COALESCE(t.deactivated, '{}'), 'restated', COALESCE(t.restated, '{}')) ORDER BY t.index)
        FROM "Turn" t WHERE t."revisionId" = hr.id), '[]'::json) AS turns,
      f.id AS "familyId", f.repo, f."baseCommit", f."mergeCommit",
      ARRAY(SELECT g.diff FROM "Patch" g WHERE g."familyId" = f.id AND g.kind = 'gold' ORDER BY g.id LIMIT 1) AS "goldDiffs",
      (SELECT json_build_object('setupCommand', v."setupCommand", 'testCommand', v."testCommand", 'resultFormat', v."resultFormat", 'hiddenTestPatch', v."hiddenTestPatch",
        'timeoutSec', v."timeoutSec", 'image', v.image, 'protocol', v.protocol) FROM "Verifier" v WHERE v."familyId" = f.id) AS verifier,
      COALESCE((SELECT json_agg(json_build_object('id', pr.id, 'testId', pr."testId") ORDER BY pr.position, pr."testId")
        FROM "Probe" pr WHERE pr."familyId" = f.id), '[]'::json) AS probes
    FROM "Run" r
    JOIN "TaskFamily" f ON f.id = r."familyId"
    LEFT JOIN "Patch" p ON p.id = r."patchId"
    LEFT JOIN "NegativeCandidate" nc ON nc."runId" = r.id
    LEFT JOIN "HistoryRevision" hr ON hr.id = r."historyRevisionId"
    WHERE r.id = ${runId}`;
  const row = rows[0];
  if (!row) throw new Error(`No Run found with id ${runId}`);
  return row;
}

/** Everything a worker needs to execute one run, read from the database. */
export async function loadRunContext(runId: string) {
  const row = await loadRow(runId);
  const run = {
    id: row.id, kind: row.kind, patchRole: row.patchRole, attempt: row.attempt,
    patch: row.patchDiff === null ? null : { diff: row.patchDiff },
    // A `mine` run executes a candidate negative mined from gold (lib/patches/mining).
    negativeCandidate: row.candidateDiff === null ? null : { diff: row.candidateDiff },
    historyRevision: row.hasRevision ? { turns: row.turns } : null,
  };
  const family = {
    id: row.familyId, repo: row.repo, baseCommit: row.baseCommit, mergeCommit: row.mergeCommit,
    patches: row.goldDiffs.map((diff) => ({ diff })),
    verifier: row.verifier,
    probes: row.probes,
  };
  const verifier = family.verifier;
  const protocol = protocolOf(verifier?.protocol);
  const collect = {
    repoUrl: family.repo,
    baseCommit: family.baseCommit,
    setupCommand: verifier?.setupCommand?.trim() || null,
    testCommand: verifier?.testCommand ?? "",
    resultFormat: verifier?.resultFormat ?? "junit",
    hiddenTestPatch: verifier?.hiddenTestPatch ?? "",
    timeoutMs: (verifier?.timeoutSec ?? 120) * 1000,
    image: verifier?.image ?? null,
  } as const;
  const patch = run.patchRole === "base" ? null : (run.patch?.diff ?? run.negativeCandidate?.diff ?? null);
  /** What this attempt runs, hashed as the request was: recorded with the result. */
  const contentHash = runContentHash({
    kind: run.kind,
    patchRole: run.patchRole,
    verifier: verifierDigest({ ...collect, setupCommand: verifier?.setupCommand ?? null, probeTestIds: family.probes.map((p) => p.testId) }),
    patch: patch === null ? null : patchDigest(patch),
    revision: run.historyRevision ? revisionDigest({ turns: run.historyRevision.turns, protocol: protocolContent(verifier?.protocol) }) : null,
  });
  return {
    run,
    contentHash,
    family,
    /** Collection runs with gold applied: the hidden tests often cannot load on the bare base. */
    collectWithGold: { ...collect, patch: family.patches[0]?.diff ?? null },
    /** Probe row ids in verifier order: the signature's bits follow this list. */
    probeIds: family.probes.map((p) => p.id),
    execute: {
      ...collect,
      patch,
      historyFile: run.historyRevision ? renderHistory(run.historyRevision.turns, protocol) : null,
      probes: family.probes.map((p) => p.testId),
    },
  };
}
