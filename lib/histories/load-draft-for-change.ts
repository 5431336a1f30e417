import "server-only";
import type { Tx } from "@/lib/db";
import { assertNotFrozen } from "@/lib/family-guard/access";
import type { TCondition } from "@/lib/contract";
import { findRevision } from "./find-revision";
import { toRevisionDto } from "./history-select";
import { loadFamilyCatalog } from "./load-family-catalog";
import { notDraft } from "./revision-errors";

/** The family's catalog and a draft revision about to change; refuses frozen families and non-drafts (409). */
export async function loadDraftForChange(tx: Tx, familyId: string, condition: TCondition, number: number) {
  const family = await loadFamilyCatalog(tx, familyId);
  await assertNotFrozen(family.frozen, familyId);
  const before = await findRevision(tx, familyId, condition, number);
  const current = toRevisionDto(before);
  if (before.status !== "draft") throw notDraft(before, condition, current);
  return { family, before, current };
}
