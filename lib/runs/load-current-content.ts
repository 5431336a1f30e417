import "server-only";
import { db, type DbOrTx } from "@/lib/db";
import { patchDigest, protocolContent, revisionDigest, verifierDigest } from "./content-hash";
import type { TMatrixInput } from "./matrix";

const turnSelect = { orderBy: { index: "asc" }, select: { text: true, activated: true, deactivated: true, restated: true } } as const;

/**
 * The family's content as the calibration matrix hashes it: the verifier with its
 * probe list, every patch and the latest revision of every history, with what
 * requestCalibration checks first (test command, probe count) and the verifier's timeout.
 * Null when there is no such family.
 */
export async function loadMatrixInput(
  familyId: string, client: DbOrTx = db(),
): Promise<TMatrixInput & { frozen: boolean; probeCount: number; verifier: { testCommand: string; timeoutSec: number } | null } | null> {
  const family = await client.taskFamily.findUnique({
    where: { id: familyId },
    select: {
      frozen: true,
      verifier: { select: { setupCommand: true, testCommand: true, resultFormat: true, hiddenTestPatch: true, image: true, protocol: true, timeoutSec: true } },
      probes: { select: { testId: true }, orderBy: [{ position: "asc" }, { testId: "asc" }] },
      patches: { where: { kind: { not: "hidden_tests" } }, select: { id: true, kind: true, diff: true }, orderBy: { createdAt: "asc" } },
      histories: { select: { condition: true, revisions: { select: { id: true, turns: turnSelect }, orderBy: { number: "desc" }, take: 1 } } },
    },
  });
  if (!family) return null;
  const v = family.verifier;
  const protocol = protocolContent(v?.protocol);
  return {
    familyId,
    frozen: family.frozen,
    probeCount: family.probes.length,
    verifier: v ? { testCommand: v.testCommand, timeoutSec: v.timeoutSec } : null,
    verifierDigest: verifierDigest({
      setupCommand: v?.setupCommand ?? null, testCommand: v?.testCommand ?? "", resultFormat: v?.resultFormat ?? "junit",
      hiddenTestPatch: v?.hiddenTestPatch ?? "", image: v?.image ?? null, probeTestIds: family.probes.map((p) => p.testId),
    }),
    patches: family.patches.map((p) => ({ id: p.id, kind: p.kind, digest: patchDigest(p.diff) })),
    coreRevisions: family.histories.flatMap((h) => h.revisions.map((r) => ({ id: r.id, condition: h.condition, digest: revisionDigest({ turns: r.turns, protocol }) }))),
  };
}
