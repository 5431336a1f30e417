// Pure: each collected test's outcome on gold and on the unmodified base, read from
// the collect run's stored result, and the guard tests that follow from them.

/** A collected id's outcome with gold applied and on the bare base ("missing": it did not run there). */
export type TCollectedOutcome = { gold: string; base: string | null };

/** The collect run's stored tests as the picker reads them: id → outcome on gold and base. */
export function collectedOutcomes(stored: unknown): Record<string, TCollectedOutcome> {
  const out: Record<string, TCollectedOutcome> = {};
  if (!Array.isArray(stored)) return out;
  for (const t of stored) {
    const { id, outcome, base } = (t ?? {}) as Record<string, unknown>;
    if (typeof id !== "string" || typeof outcome !== "string") continue;
    out[id] = { gold: outcome, base: typeof base === "string" ? base : null };
  }
  return out;
}

/** Passing on both sides: a PASS_TO_PASS test, a guard and never an atom's evidence. */
export const passesOnBoth = (o: TCollectedOutcome | undefined) => o !== undefined && o.gold === "pass" && o.base === "pass";

/** Failing (or absent) on the base and passing with gold: FAIL_TO_PASS, the tests that can single out an atom. */
export const discriminates = (o: TCollectedOutcome | undefined) => o !== undefined && o.gold === "pass" && o.base !== null && o.base !== "pass";

/**
 * The guard tests execution proposes: every collected id passing on base and gold that
 * is not yet a probe or guard, and not shared by several executed tests (a shared id
 * needs a curator's reason). In collection order.
 */
export function proposedGuards(collected: readonly string[], outcomes: Record<string, TCollectedOutcome>, taken: ReadonlySet<string>, shared: ReadonlySet<string>): string[] {
  return collected.filter((id) => !taken.has(id) && !shared.has(id) && passesOnBoth(outcomes[id]));
}

/**
 * The file a collected id belongs to, for "accept per file": the part before `::`
 * (pytest, the studio's junit ids) or before the first ` > ` (describe chains),
 * else the id's first path-like segment.
 */
export function testFileOf(id: string): string {
  const colons = id.indexOf("::");
  if (colons > 0) return id.slice(0, colons);
  const chevron = id.indexOf(" > ");
  if (chevron > 0) return id.slice(0, chevron);
  return "(no file in the id)";
}

/** Ids grouped by file, groups and ids in first-seen order. */
export function groupByFile(ids: readonly string[]): { file: string; ids: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const file = testFileOf(id);
    const list = groups.get(file) ?? [];
    list.push(id);
    groups.set(file, list);
  }
  return [...groups].map(([file, list]) => ({ file, ids: list }));
}
