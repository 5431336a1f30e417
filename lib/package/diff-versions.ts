import "server-only";
import { db } from "@/lib/db";
import { diffPackages, diffSettings, type TVersionSettings } from "./diff";
import { loadFrozenPackage } from "./load-package";

/** Field-by-field changes from package `from` to package `to` (both frozen), then the settings each version carries. */
export async function diffVersions(from: string, to: string) {
  const [a, b] = await Promise.all([loadFrozenPackage({ hash: from }), loadFrozenPackage({ hash: to })]);
  const [sa, sb] = await Promise.all([loadSettings(a.familyId), loadSettings(b.familyId)]);
  return {
    from: { hash: a.hash, version: a.content.family.version },
    to: { hash: b.hash, version: b.content.family.version },
    changes: [...diffPackages(a.content, b.content), ...diffSettings(sa, sb)],
  };
}

/** A family's lead, default reviewers and waivers, people by name (ids differ across versions). */
async function loadSettings(familyId: string): Promise<TVersionSettings> {
  const family = await db().taskFamily.findUniqueOrThrow({
    where: { id: familyId },
    select: {
      defaultReviewerIds: true,
      lead: { select: { name: true, email: true } },
      histories: { select: { id: true, condition: true, revisions: { orderBy: { number: "desc" }, take: 1, select: { leakWaivers: { select: { turn: true, kind: true, match: true, reason: true } } } } } },
      oracleWaivers: { select: { name: true, historyId: true, rationale: true } },
    },
  });
  const reviewers = family.defaultReviewerIds.length > 0
    ? await db().user.findMany({ where: { id: { in: family.defaultReviewerIds } }, select: { name: true, email: true } })
    : [];
  const conditionOf = new Map(family.histories.map((h) => [h.id, h.condition]));
  return {
    lead: family.lead ? (family.lead.name || family.lead.email) : null,
    defaultReviewers: reviewers.map((r) => r.name || r.email),
    leakWaivers: family.histories.flatMap((h) => (h.revisions[0]?.leakWaivers ?? []).map((w) => ({ condition: h.condition, ...w }))),
    oracleWaivers: family.oracleWaivers.map((w) => ({ name: w.name, history: w.historyId ? (conditionOf.get(w.historyId) ?? "a history") : "every history", rationale: w.rationale })),
  };
}
