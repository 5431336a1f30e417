import "server-only";
import { db } from "@/lib/db";
import { ZGradablePackageSchema } from "./package-view";

/** What a grade run executes, read from its frozen package alone plus the agent's patch bytes. */
export async function loadGradeSpec(runId: string) {
  const run = await db().run.findUniqueOrThrow({ where: { id: runId }, select: { packageHash: true, agentPatch: true } });
  if (!run.packageHash) throw new Error(`Grade run ${runId} names no package.`);
  const row = await db().package.findUniqueOrThrow({ where: { hash: run.packageHash }, select: { content: true } });
  const pkg = ZGradablePackageSchema.parse(row.content);
  return {
    repoUrl: pkg.provenance.repo,
    baseCommit: pkg.provenance.baseCommit,
    setupCommand: pkg.verifier.setupCommand?.trim() || null,
    testCommand: pkg.verifier.testCommand,
    resultFormat: pkg.verifier.resultFormat,
    hiddenTestPatch: pkg.verifier.hiddenTestPatch,
    timeoutMs: pkg.verifier.timeoutSec * 1000,
    image: pkg.verifier.image,
    patch: run.agentPatch ?? "",
    historyFile: null,
    // A grade run: the recipe adds canaries and protects the history file the protocol names.
    grading: { historyPath: pkg.protocol.historyPath },
    probes: pkg.verifier.probes.map((p) => p.testId),
  };
}
