import "server-only";
import { db } from "@/lib/db";
import { auditedText, BASE_RUN_SELECT, CURRENT_REVISION_SELECT, goldHashOf, probesHashOf, textHash } from "./revision-keys";

/** What the static audit reads from the database: the family's trees, tests, probes and current history revisions. */
export async function loadAuditInput(familyId: string) {
  const family = await db().taskFamily.findUniqueOrThrow({
    where: { id: familyId },
    select: {
      id: true, repo: true, baseCommit: true,
      patches: { where: { kind: "gold" }, select: { diff: true }, take: 1 },
      verifier: { select: { hiddenTestPatch: true } },
      probes: { select: { testId: true }, orderBy: [{ position: "asc" }, { testId: "asc" }] },
      histories: { select: CURRENT_REVISION_SELECT },
      runs: BASE_RUN_SELECT,
    },
  });
  const goldPatch = family.patches[0]?.diff ?? "";
  const hiddenTestPatch = family.verifier?.hiddenTestPatch ?? "";
  const probeTestIds = family.probes.map((p) => p.testId);
  return {
    familyId: family.id,
    repo: family.repo,
    baseCommit: family.baseCommit,
    goldPatch,
    hiddenTestPatch,
    goldHash: goldHashOf(hiddenTestPatch, goldPatch),
    probeTestIds,
    probesHash: probesHashOf(probeTestIds, family.runs[0]?.id ?? null),
    /** The base's calibration run whose failures the dynamic literal rule reads (null: not calibrated yet). */
    baseRunId: family.runs[0]?.id ?? null,
    histories: family.histories.flatMap((h) =>
      h.revisions.map((r) => {
        const text = auditedText(r.turns);
        return { revisionId: r.id, historyId: h.id, version: r.version, condition: h.condition, text, textHash: textHash(text) };
      }),
    ),
  };
}
export type TAuditInput = Awaited<ReturnType<typeof loadAuditInput>>;
