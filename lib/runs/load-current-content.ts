import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { patchDigest, protocolContent, revisionDigest, verifierDigest } from "./content-hash";
import type { TPatchKind } from "@/lib/contract/types";
import type { TMatrixInput } from "./matrix";

type TTurn = { text: string; activated: string[]; deactivated: string[]; restated: string[] };
type TContentRow = {
  frozen: boolean;
  verifier: { setupCommand: string | null; testCommand: string; resultFormat: string; hiddenTestPatch: string; image: string | null; protocol: unknown; timeoutSec: number } | null;
  probeTestIds: string[];
  patches: { id: string; kind: TPatchKind | "hidden_tests"; diff: string }[];
  histories: { condition: string; revisions: { id: string; turns: TTurn[] }[] }[];
};

/**
 * The family's content as the calibration matrix hashes it: the verifier with its
 * probe list, every patch and the latest revision of every history, with what
 * requestCalibration checks first (test command, probe count) and the verifier's timeout.
 * Null when there is no such family. One statement (json sub-selects): Prisma's nested
 * select sent seven, and every calibration request, gate report and runs list reads this (issue 24).
 */
export async function loadMatrixInput(
  familyId: string, client: DbOrTx = db(),
): Promise<TMatrixInput & { frozen: boolean; probeCount: number; verifier: { testCommand: string; timeoutSec: number } | null } | null> {
  const rows = await client.$queryRaw<TContentRow[]>`
    SELECT f.frozen,
      (SELECT json_build_object('setupCommand', v."setupCommand", 'testCommand', v."testCommand", 'resultFormat', v."resultFormat",
          'hiddenTestPatch', v."hiddenTestPatch", 'image', v.image, 'protocol', v.protocol, 'timeoutSec', v."timeoutSec")
        FROM "Verifier" v WHERE v."familyId" = f.id) AS verifier,
      COALESCE((SELECT json_agg(pr."testId" ORDER BY pr.position, pr."testId") FROM "Probe" pr WHERE pr."familyId" = f.id), '[]'::json) AS "probeTestIds",
      COALESCE((SELECT json_agg(json_build_object('id', p.id, 'kind', p.kind, 'diff', p.diff) ORDER BY p."createdAt")
        FROM "Patch" p WHERE p."familyId" = f.id AND p.kind <> 'hidden_tests'), '[]'::json) AS patches,
      COALESCE((SELECT json_agg(json_build_object('condition', h.condition, 'revisions', (
          SELECT COALESCE(json_agg(json_build_object('id', r.id, 'turns', (
              SELECT COALESCE(json_agg(json_build_object('text', t.text, 'activated', COALESCE(t.activated, '{}'), 'deactivated', COALESCE(t.deactivated, '{}'), 'restated', COALESCE(t.restated, '{}')) ORDER BY t.index), '[]'::json)
              FROM "Turn" t WHERE t."revisionId" = r.id))), '[]'::json)
          FROM (SELECT id FROM "HistoryRevision" WHERE "historyId" = h.id ORDER BY number DESC LIMIT 1) r)))
        FROM "History" h WHERE h."familyId" = f.id), '[]'::json) AS histories
    FROM "TaskFamily" f WHERE f.id = ${familyId}`;
  const family = rows[0];
  if (!family) return null;
  const v = family.verifier;
  const protocol = protocolContent(v?.protocol);
  return {
    familyId,
    frozen: family.frozen,
    probeCount: family.probeTestIds.length,
    verifier: v ? { testCommand: v.testCommand, timeoutSec: v.timeoutSec } : null,
    verifierDigest: verifierDigest({
      setupCommand: v?.setupCommand ?? null, testCommand: v?.testCommand ?? "", resultFormat: v?.resultFormat ?? "junit",
      hiddenTestPatch: v?.hiddenTestPatch ?? "", image: v?.image ?? null, probeTestIds: family.probeTestIds,
    }),
    patches: family.patches.map((p) => ({ id: p.id, kind: p.kind, digest: patchDigest(p.diff) })),
    coreRevisions: family.histories.flatMap((h) => h.revisions.map((r) => ({ id: r.id, condition: h.condition, digest: revisionDigest({ turns: r.turns, protocol }) }))),
  };
}
