import "server-only";
import { db } from "@/lib/db";
import { CORE_CONDITIONS, type TCoreCondition } from "@/lib/contract";
import { notFound } from "@/lib/errors/app-error";
import { loadMatrixInput } from "@/lib/runs/load-current-content";
import { currentContent, type TCurrentRun } from "@/lib/runs/matrix";
import { attributeRun } from "@/lib/runs/run-attribution";
import { buildReplayMatrix } from "./replay-matrix";

const isCore = (c: string): c is TCoreCondition => (CORE_CONDITIONS as readonly string[]).includes(c);

/** The family's replay runs laid out as fixed patch × current core history. */
export async function loadReplayMatrix(familyId: string) {
  const family = await db().taskFamily.findUnique({
    where: { id: familyId },
    select: {
      patches: { where: { kind: { in: ["gold", "negative"] } }, select: { id: true, name: true, kind: true }, orderBy: { createdAt: "asc" } },
      probes: { select: { id: true }, orderBy: [{ position: "asc" }, { testId: "asc" }] },
      histories: { select: { condition: true, revisions: { select: { id: true, number: true, updatedAt: true }, orderBy: { number: "desc" }, take: 1 } } },
      runs: {
        where: { kind: "replay" },
        select: { id: true, patchId: true, patchRole: true, historyRevisionId: true, contentHash: true, status: true, signature: true, probeIds: true, createdAt: true },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  if (!family) throw notFound("Task family", familyId);
  const input = await loadMatrixInput(familyId);
  const current = input ? currentContent(input) : new Map<string, TCurrentRun[]>();
  const probeIds = family.probes.map((p) => p.id);
  // A replay counts for the fixed patch and revision whose current content it ran, whatever their version counters say.
  const runs = family.runs.flatMap(({ contentHash, ...r }) => {
    const createdAt = r.createdAt.toISOString();
    return attributeRun({ ...r, contentHash }, current, probeIds).map((owner) => ({ ...r, ...owner, createdAt }));
  });
  return buildReplayMatrix({
    patches: family.patches,
    revisions: family.histories.flatMap((h) =>
      isCore(h.condition) && h.revisions[0] ? [{ condition: h.condition, revisionId: h.revisions[0].id, number: h.revisions[0].number, updatedAt: h.revisions[0].updatedAt.toISOString() }] : [],
    ),
    runs,
    probeIds,
  });
}
