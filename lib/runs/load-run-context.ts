import "server-only";
import { db } from "@/lib/db";
import { protocolOf, renderHistory } from "@/lib/contract/render-history";
import { patchDigest, protocolContent, revisionDigest, runContentHash, verifierDigest } from "./content-hash";

/** Everything a worker needs to execute one run, read from the database. */
export async function loadRunContext(runId: string) {
  const run = await db().run.findUniqueOrThrow({
    where: { id: runId },
    select: {
      id: true, kind: true, patchRole: true, attempt: true,
      patch: { select: { diff: true } },
      // A `mine` run executes a candidate negative mined from gold (lib/patches/mining).
      negativeCandidate: { select: { diff: true } },
      historyRevision: { select: { turns: { select: { text: true, activated: true, deactivated: true, restated: true }, orderBy: { index: "asc" } } } },
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
