import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { AppError, notFound } from "@/lib/errors/app-error";

/**
 * Opens draft version N+1 of a frozen family: a new family with a copy of the frozen
 * one's construction material (its upstream identity, evidence, slice, atoms, probes with their kind — a guard
 * stays a guard —, verifier, patches, the current text of every history as a draft with
 * its leak-lint waivers), and the lead with the default reviewers. Runs and reviews start
 * afresh; the old family and its package stay as they are, forever.
 */
export async function openNewVersion(actor: { id: string; roles: readonly string[] }, familyId: string) {
  if (!actor.roles.includes("lead")) throw new AppError("FORBIDDEN", "Only a lead can open a new version of a frozen family.");
  return db().$transaction(async (tx) => {
    const src = await tx.taskFamily.findUnique({
      where: { id: familyId },
      include: {
        curators: true, evidence: true, diffFiles: true, verifier: true, patches: { include: { targetAtom: { select: { key: true } } } },
        atoms: { include: { anchors: true, mergedInto: { select: { key: true } } } },
        probes: { include: { atoms: { include: { atom: { select: { key: true } } } } } },
        histories: { include: { revisions: { orderBy: { number: "desc" }, take: 1, include: { turns: { orderBy: { index: "asc" } }, leakWaivers: true } } } },
        packages: { where: { frozenAt: { not: null } }, select: { hash: true } },
      },
    });
    if (!src) throw notFound("Task family", familyId);
    if (!src.frozen) throw new AppError("CONFLICT", "Only a frozen family can be opened as a new version; this one is still in construction.");
    const newer = await tx.taskFamily.findFirst({ where: { previousFamilyId: familyId }, select: { id: true, familyVersion: true } });
    if (newer) throw new AppError("CONFLICT", `Version ${newer.familyVersion} of this family is already open.`, { current: newer });
    const latest = await tx.taskFamily.aggregate({ where: { suiteId: src.suiteId, repo: src.repo, mergeCommit: src.mergeCommit }, _max: { familyVersion: true } });
    const familyVersion = (latest._max.familyVersion ?? src.familyVersion) + 1;

    const next = await tx.taskFamily.create({
      data: {
        suiteId: src.suiteId, title: src.title, repo: src.repo, prNumber: src.prNumber, baseCommit: src.baseCommit, mergeCommit: src.mergeCommit,
        upstreamRepo: src.upstreamRepo, mergedAt: src.mergedAt,
        leadId: src.leadId, defaultReviewerIds: src.defaultReviewerIds, familyVersion, previousFamilyId: src.id,
        curators: { create: src.curators.map((c) => ({ userId: c.userId })) },
      },
    });
    const id = next.id;
    if (src.evidence) {
      const { id: _i, familyId: _f, updatedAt: _u, version: _v, ...evidence } = src.evidence;
      await tx.evidence.create({ data: { ...evidence, reviewThreads: evidence.reviewThreads ?? [], familyId: id } });
    }
    for (const f of src.diffFiles) {
      const { id: _i, familyId: _f, updatedAt: _u, version: _v, ...file } = f;
      await tx.diffFile.create({ data: { ...file, hunks: file.hunks ?? [], familyId: id } });
    }
    const atomIds = new Map<string, string>();
    for (const a of src.atoms) {
      const created = await tx.atom.create({
        data: {
          familyId: id, key: a.key, position: a.position, statement: a.statement, scope: a.scope, inputCondition: a.inputCondition,
          polarity: a.polarity, observation: a.observation, role: a.role, status: a.status, reason: a.reason, replacedBy: a.replacedBy, origin: a.origin,
        },
      });
      atomIds.set(a.key, created.id);
      for (const anchor of a.anchors) {
        await tx.evidenceAnchor.create({
          data: { familyId: id, atomId: created.id, source: anchor.source, filePath: anchor.filePath, lineStart: anchor.lineStart, lineEnd: anchor.lineEnd, quote: anchor.quote, createdById: anchor.createdById },
        });
      }
    }
    for (const a of src.atoms) {
      if (a.mergedInto) await tx.atom.update({ where: { id: atomIds.get(a.key)! }, data: { mergedIntoId: atomIds.get(a.mergedInto.key) ?? null } });
    }
    for (const p of src.probes) {
      await tx.probe.create({
        data: { familyId: id, testId: p.testId, kind: p.kind, position: p.position, stale: p.stale, atoms: { create: p.atoms.map((x) => ({ atomId: atomIds.get(x.atom.key)! })) } },
      });
    }
    if (src.verifier) {
      const { id: _i, familyId: _f, updatedAt: _u, version: _v, ...verifier } = src.verifier;
      await tx.verifier.create({ data: { ...verifier, protocol: verifier.protocol ?? {}, familyId: id } });
    }
    for (const p of src.patches) {
      await tx.patch.create({ data: { familyId: id, kind: p.kind, name: p.name, mode: p.mode, diff: p.diff, targetAtomId: p.targetAtom ? atomIds.get(p.targetAtom.key) : null } });
    }
    for (const h of src.histories) {
      const current = h.revisions[0];
      await tx.history.create({
        data: {
          familyId: id, condition: h.condition,
          revisions: current ? {
            create: {
              number: 1, createdById: actor.id,
              turns: { create: current.turns.map((t) => ({ index: t.index, text: t.text, activated: t.activated, deactivated: t.deactivated, restated: t.restated })) },
              // The same text keeps the same lint hits: a waiver decided once is not asked again.
              leakWaivers: { create: current.leakWaivers.map((w) => ({ turn: w.turn, kind: w.kind, match: w.match, reason: w.reason, createdById: w.createdById })) },
            },
          } : undefined,
        },
      });
    }
    await recordEvent(tx, { actorId: actor.id, action: "family.open_version", entity: "TaskFamily", entityId: id, familyId: id, after: { from: familyId, familyVersion, fromPackage: src.packages[0]?.hash ?? null } });
    return { id, familyVersion };
  });
}
