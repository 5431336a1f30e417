import { db } from "@/lib/db";
import { protocolOf, renderHistory } from "@/lib/histories/render-history";

/** Everything a worker needs to execute one run, read from the database. */
export async function loadRunContext(runId: string) {
  const run = await db().run.findUniqueOrThrow({
    where: { id: runId },
    select: {
      id: true, kind: true, patchRole: true, attempt: true,
      patch: { select: { diff: true } },
      historyRevision: { select: { turns: { select: { text: true }, orderBy: { index: "asc" } } } },
      family: {
        select: {
          id: true, repo: true, baseCommit: true, mergeCommit: true,
          patches: { where: { kind: "gold" }, select: { diff: true }, take: 1 },
          verifier: true,
          probes: { select: { id: true, testId: true }, orderBy: [{ position: "asc" }, { testId: "asc" }] },
        },
      },
    },
  });
  const { family } = run;
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
  return {
    run,
    family,
    /** Collection runs with gold applied: the hidden tests often cannot load on the bare base. */
    collectWithGold: { ...collect, patch: family.patches[0]?.diff ?? null },
    /** Probe row ids in verifier order: the signature's bits follow this list. */
    probeIds: family.probes.map((p) => p.id),
    execute: {
      ...collect,
      patch: run.patchRole === "base" ? null : (run.patch?.diff ?? null),
      historyFile: run.historyRevision ? renderHistory(run.historyRevision.turns, protocol) : null,
      probes: family.probes.map((p) => p.testId),
    },
  };
}
