import { db } from "@/lib/db";

/** What the static audit reads from the database: the family's trees, tests, probes and current history revisions. */
export async function loadAuditInput(familyId: string) {
  const family = await db().taskFamily.findUniqueOrThrow({
    where: { id: familyId },
    select: {
      id: true, repo: true, baseCommit: true,
      patches: { where: { kind: "gold" }, select: { diff: true }, take: 1 },
      verifier: { select: { hiddenTestPatch: true } },
      probes: { select: { testId: true }, orderBy: [{ position: "asc" }, { testId: "asc" }] },
      histories: {
        select: {
          condition: true,
          revisions: { orderBy: { number: "desc" }, take: 1, select: { id: true, version: true, turns: { orderBy: { index: "asc" }, select: { text: true } } } },
        },
      },
    },
  });
  return {
    familyId: family.id,
    repo: family.repo,
    baseCommit: family.baseCommit,
    goldPatch: family.patches[0]?.diff ?? "",
    hiddenTestPatch: family.verifier?.hiddenTestPatch ?? "",
    probeTestIds: family.probes.map((p) => p.testId),
    histories: family.histories.flatMap((h) =>
      h.revisions.map((r) => ({ revisionId: r.id, version: r.version, condition: h.condition, text: r.turns.map((t) => t.text).join("\n\n") })),
    ),
  };
}
export type TAuditInput = Awaited<ReturnType<typeof loadAuditInput>>;
