// loadRunContext reads a run's context in one statement (issue 24): it must answer exactly what the
// Prisma nested select it replaced answered (kept below as the reference), for every shape of run:
// a patch or none (base), a mined candidate, a history revision (with NULL operation lists, which
// Prisma reads as empty), a family without a verifier, probes in verifier order.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { protocolOf, renderHistory } from "@/lib/contract/render-history";
import { buildDemoFamily } from "@/lib/demo/build-demo-family";
import { createDemoRepo } from "@/lib/demo/demo-repo";
import { useFreshDatabase } from "@/lib/testing/db";
import { patchDigest, protocolContent, revisionDigest, runContentHash, verifierDigest } from "./content-hash";
import { loadRunContext } from "./load-run-context";

let tmp: string;
beforeAll(async () => {
  await useFreshDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "specpath-run-context-"));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The Prisma nested select loadRunContext used before (nine statements), as the reference. */
async function referenceContext(runId: string) {
  const run = await db().run.findUniqueOrThrow({
    where: { id: runId },
    select: {
      id: true, kind: true, patchRole: true, attempt: true,
      patch: { select: { diff: true } },
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
    repoUrl: family.repo, baseCommit: family.baseCommit, setupCommand: verifier?.setupCommand?.trim() || null,
    testCommand: verifier?.testCommand ?? "", resultFormat: verifier?.resultFormat ?? "junit", hiddenTestPatch: verifier?.hiddenTestPatch ?? "",
    timeoutMs: (verifier?.timeoutSec ?? 120) * 1000, image: verifier?.image ?? null,
  };
  const patch = run.patchRole === "base" ? null : (run.patch?.diff ?? run.negativeCandidate?.diff ?? null);
  const contentHash = runContentHash({
    kind: run.kind, patchRole: run.patchRole,
    verifier: verifierDigest({ ...collect, setupCommand: verifier?.setupCommand ?? null, probeTestIds: family.probes.map((p) => p.testId) }),
    patch: patch === null ? null : patchDigest(patch),
    revision: run.historyRevision ? revisionDigest({ turns: run.historyRevision.turns, protocol: protocolContent(verifier?.protocol) }) : null,
  });
  return {
    run: { id: run.id, kind: run.kind, patchRole: run.patchRole, attempt: run.attempt, patch: run.patch, negativeCandidate: run.negativeCandidate, historyRevision: run.historyRevision },
    contentHash,
    family: { id: family.id, repo: family.repo, baseCommit: family.baseCommit, mergeCommit: family.mergeCommit, patches: family.patches, probes: family.probes },
    collectWithGold: { ...collect, patch: family.patches[0]?.diff ?? null },
    probeIds: family.probes.map((p) => p.id),
    execute: { ...collect, patch, historyFile: run.historyRevision ? renderHistory(run.historyRevision.turns, protocol) : null, probes: family.probes.map((p) => p.testId) },
  };
}

/** What a handler reads of the context (the verifier only through `execute` and `collectWithGold`). */
async function oneStatement(runId: string) {
  const context = await loadRunContext(runId);
  const { verifier: _verifier, ...family } = context.family;
  return { ...context, family };
}

describe("loadRunContext", () => {
  it("answers what Prisma's nested select answered, for every shape of run", async () => {
    const suite = await db().suite.create({ data: { name: "run context" } });
    const { family } = await buildDemoFamily(db(), { suiteId: suite.id, repo: createDemoRepo(path.join(tmp, "repo")) });
    const bare = await db().taskFamily.create({ data: { suiteId: suite.id, title: "no verifier", repo: "/nowhere", baseCommit: "a".repeat(40), mergeCommit: "b".repeat(40) } });
    const patches = await db().patch.findMany({ where: { familyId: family.id } });
    const gold = patches.find((p) => p.kind === "gold")!;
    const negative = patches.find((p) => p.kind === "negative")!;
    // Probes in verifier order: the first test id placed last, the others tied (broken by test id).
    const probes = await db().probe.findMany({ where: { familyId: family.id }, orderBy: { testId: "asc" } });
    expect(probes.length).toBeGreaterThan(1);
    await Promise.all(probes.map((p, i) => db().probe.update({ where: { id: p.id }, data: { position: i === 0 ? 5 : 1 } })));
    await db().verifier.update({ where: { familyId: family.id }, data: { protocol: { historyPath: "TASK.md", historyFormat: "markdown" }, setupCommand: "  ", image: null } });
    const history = await db().history.create({ data: { familyId: family.id, condition: "split" } });
    const revision = await db().historyRevision.create({ data: { historyId: history.id, number: 1 } });
    await db().turn.createMany({ data: [
      { revisionId: revision.id, index: 1, text: "Then also this.", activated: ["A2"], deactivated: [], restated: ["A1"] },
      { revisionId: revision.id, index: 0, text: "Do this first.\n\nWith a second paragraph.", activated: ["A1"], deactivated: [], restated: [] },
    ] });
    const nullTurn = await db().turn.create({ data: { revisionId: revision.id, index: 2, text: "Nothing changes.", activated: [], deactivated: [], restated: [] } });
    await db().$executeRaw`UPDATE "Turn" SET activated = NULL, deactivated = NULL, restated = NULL WHERE id = ${nullTurn.id}`;

    const make = (data: { kind: "calibrate" | "replay" | "mine" | "collect" | "checkout"; patchRole?: string; patchId?: string; historyRevisionId?: string; familyId?: string }, key: string) =>
      db().run.create({ data: { familyId: family.id, status: "queued", requestKey: `ctx:${key}`, ...data } });
    const runs = [
      await make({ kind: "calibrate", patchRole: "gold", patchId: gold.id }, "gold"),
      await make({ kind: "calibrate", patchRole: "base" }, "base"),
      await make({ kind: "calibrate", patchRole: "negative", patchId: negative.id }, "negative"),
      await make({ kind: "replay", patchRole: "gold", patchId: gold.id, historyRevisionId: revision.id }, "replay"),
      await make({ kind: "collect" }, "collect"),
      await make({ kind: "checkout", familyId: bare.id }, "no-verifier"),
    ];
    const mine = await make({ kind: "mine", patchRole: "negative" }, "mine");
    await db().negativeCandidate.create({ data: { familyId: family.id, batchId: "b1", operator: "flip", description: "flips a sign", diff: negative.diff.replace(/\n$/, "\n\n"), size: 1, runId: mine.id } });
    runs.push(mine);

    for (const run of runs) expect(await oneStatement(run.id), run.requestKey!).toEqual(await referenceContext(run.id));
  });
});
