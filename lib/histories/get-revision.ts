import "server-only";
import { db } from "@/lib/db";
import type { TCondition } from "@/lib/contract";
import { findRevision } from "./find-revision";
import { toRevisionDto } from "./history-select";

/** One revision of one history, in full. */
export async function getRevision(familyId: string, condition: TCondition, number: number) {
  return toRevisionDto(await findRevision(db(), familyId, condition, number));
}
