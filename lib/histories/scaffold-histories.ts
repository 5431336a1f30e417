import "server-only";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { assertNotFrozen } from "@/lib/family-guard/access";
import { CONDITIONS, deriveLengthMatched, scaffoldHistory, type TCondition, type THistory, type TResult, type TTurn } from "@/lib/contract";
import type { TScaffold, TScaffoldResultDto } from "@/lib/schemas/histories";
import { lockFamilyHistories } from "./find-revision";
import { turnRows } from "./history-select";
import { loadFamilyCatalog, type TFamilyCatalog } from "./load-family-catalog";
import { chooseDrafter, rewriteWithModel } from "./draft-with-model";

/** A turn list a curator has put work into: any text or any event. */
const hasContent = (turns: readonly TTurn[]) =>
  turns.some((t) => t.text.trim() !== "" || t.activated.length + t.deactivated.length + t.restated.length > 0);

const sameTurns = (a: readonly TTurn[], b: readonly TTurn[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Fills the family's empty conditions with the contract engine's draft traces
 * and placeholder text. A draft with content is replaced only with `overwrite`
 * (the curator confirmed it); a revision that left draft is never touched.
 * length_matched is derived from the family's direct and cancellation as they stand.
 * With a model configured (or asked for), the model rewrites each template turn in plain
 * language first — outside the transaction — keeping the [draft] marker and the trace; a
 * rewrite the leak lint flags keeps its template.
 */
export async function scaffoldHistories(actorId: string, familyId: string, input: TScaffold = {}): Promise<TScaffoldResultDto> {
  const wanted = new Set(input.conditions ?? CONDITIONS);
  const drafter = await chooseDrafter(input.drafter);
  const rewrites: Awaited<ReturnType<typeof modelRewrites>> = drafter.kind === "model" ? await modelRewrites(familyId, wanted, input.overwrite === true, drafter.endpoint) : new Map();
  return db().$transaction(async (tx) => {
    await lockFamilyHistories(tx, familyId);
    const family = await loadFamilyCatalog(tx, familyId);
    await assertNotFrozen(family.frozen, familyId);
    const histories = await tx.history.findMany({
      where: { familyId },
      select: {
        id: true,
        condition: true,
        revisions: {
          orderBy: { number: "desc" },
          take: 1,
          select: { id: true, number: true, status: true, turns: { select: { text: true, activated: true, deactivated: true, restated: true }, orderBy: { index: "asc" } } },
        },
      },
    });
    const byCondition = new Map(histories.map((h) => [h.condition as TCondition, h]));
    /** Each condition as it stands after this scaffold, for length_matched. */
    const effective = new Map<TCondition, THistory>();
    for (const h of histories) if (h.revisions[0]) effective.set(h.condition as TCondition, { condition: h.condition as TCondition, turns: h.revisions[0].turns });

    const result: TScaffoldResultDto = {
      created: [], filled: [], skipped: [], kept: [],
      drafter: drafter.kind === "model" ? { kind: "model", model: drafter.endpoint.model } : { kind: "template" },
    };
    for (const condition of CONDITIONS) {
      if (!wanted.has(condition)) continue;
      const history = byCondition.get(condition);
      const latest = history?.revisions[0];
      if (latest && latest.status !== "draft") {
        result.skipped.push({ condition, reason: `Revision ${latest.number} is ${latest.status.replace("_", " ")}; start a new revision to change it.`, needsConfirmation: false });
        continue;
      }
      if (latest && hasContent(latest.turns) && !input.overwrite) {
        result.skipped.push({ condition, reason: `Revision ${latest.number} already has text or events; scaffolding would replace them.`, needsConfirmation: true });
        continue;
      }
      const draft = draftFor(condition, family, effective);
      if (!draft.ok) {
        result.skipped.push({ condition, reason: draft.errors.map((e) => e.message).join(" "), needsConfirmation: false });
        continue;
      }
      // The model's text only where it rewrote exactly this template (the catalog did not change meanwhile).
      const rewrite = rewrites.get(condition);
      const fromModel = rewrite && sameTurns(rewrite.template, draft.value.turns);
      const turns = fromModel ? rewrite.turns : draft.value.turns;
      if (fromModel) for (const k of rewrite.kept) result.kept.push({ condition, ...k });
      let revisionId: string;
      if (latest) {
        revisionId = latest.id;
        await tx.historyRevision.update({ where: { id: latest.id }, data: { version: { increment: 1 } } });
        await tx.turn.deleteMany({ where: { revisionId } });
        result.filled.push(condition);
      } else {
        const historyId = history?.id ?? (await tx.history.create({ data: { familyId, condition }, select: { id: true } })).id;
        revisionId = (await tx.historyRevision.create({ data: { historyId, number: 1, createdById: actorId }, select: { id: true } })).id;
        result.created.push(condition);
      }
      await tx.turn.createMany({ data: turnRows(revisionId, turns) });
      effective.set(condition, { condition, turns });
      await recordEvent(tx, {
        actorId, action: "history.scaffold", entity: "HistoryRevision", entityId: revisionId, familyId,
        before: latest ? { condition, number: latest.number, turns: latest.turns } : undefined,
        after: { condition, number: latest?.number ?? 1, turns },
      });
    }
    return result;
  });
}

/** The template drafts the model is asked to rewrite: conditions the scaffold will fill (length_matched is derived from the rewritten ones). */
async function modelRewrites(familyId: string, wanted: Set<TCondition>, overwrite: boolean, endpoint: Parameters<typeof rewriteWithModel>[0]) {
  const family = await loadFamilyCatalog(db(), familyId);
  const histories = await db().history.findMany({
    where: { familyId },
    select: { condition: true, revisions: { orderBy: { number: "desc" }, take: 1, select: { status: true, turns: { select: { text: true, activated: true, deactivated: true, restated: true } } } } },
  });
  const latest = new Map(histories.map((h) => [h.condition as TCondition, h.revisions[0]]));
  const drafts: { condition: TCondition; turns: TTurn[] }[] = [];
  for (const condition of CONDITIONS) {
    if (!wanted.has(condition) || condition === "length_matched") continue;
    const current = latest.get(condition);
    if (current && (current.status !== "draft" || (hasContent(current.turns) && !overwrite))) continue;
    const draft = scaffoldHistory(condition, { atoms: family.catalog, overrides: family.overrides });
    if (draft.ok) drafts.push({ condition, turns: draft.value.turns });
  }
  return rewriteWithModel(endpoint, drafts, { atomKeys: family.atomKeys, probeTestIds: family.probeTestIds });
}

function draftFor(condition: TCondition, family: TFamilyCatalog, effective: Map<TCondition, THistory>): TResult<THistory> {
  const input = { atoms: family.catalog, overrides: family.overrides };
  if (condition === "length_matched") {
    const direct = effective.get("direct");
    const cancellation = effective.get("cancellation");
    if (direct?.turns.length && cancellation?.turns.length) return deriveLengthMatched(direct, cancellation);
  }
  return scaffoldHistory(condition, input);
}
