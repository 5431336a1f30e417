// Pure: the structural checks a condition's history must pass.
import { indexCatalog, type TCatalogIndex } from "./catalog";
import {
  checkCancellation,
  checkDirect,
  checkDuplicate,
  checkLengthMatched,
  checkOverride,
  checkParaphraseDirect,
  checkSplit,
  type TConditionContext,
} from "./conditions";
import { replayIndexed, type TReplay } from "./replay";
import {
  contractError,
  type TCatalog,
  type TCondition,
  type TContractError,
  type THistory,
  type TResult,
} from "./types";

/** The family's other histories that the two controls are defined against. */
export type TStructureReferences = { direct?: THistory; cancellation?: THistory };

/**
 * Checks a history's hidden trace against its condition (ARCHITECTURE §3).
 * Replay errors come first; when replay succeeds, every structure violation is
 * returned, each with its 1-based turn. On success the replay is returned.
 */
export function checkStructure(
  history: THistory,
  catalog: TCatalog,
  references: TStructureReferences = {},
): TResult<TReplay> {
  const index = indexCatalog(catalog);
  if (!index.ok) return index;
  return checkStructureIndexed(history, index.value, references);
}

export function checkStructureIndexed(
  history: THistory,
  index: TCatalogIndex,
  references: TStructureReferences = {},
): TResult<TReplay> {
  const replayed = replayIndexed(history.turns, index);
  if (!replayed.ok) return replayed;
  const ctx: TConditionContext = { history, replay: replayed.value, index, errors: [] };
  everyCondition(ctx);
  const rules: Record<TCondition, () => void> = {
    direct: () => checkDirect(ctx),
    duplicate: () => checkDuplicate(ctx),
    split: () => checkSplit(ctx),
    override: () => checkOverride(ctx),
    cancellation: () => checkCancellation(ctx),
    paraphrase_direct: () => checkParaphraseDirect(ctx, references.direct),
    length_matched: () => checkLengthMatched(ctx, references.cancellation),
  };
  rules[history.condition]();
  return ctx.errors.length === 0 ? replayed : { ok: false, errors: ctx.errors };
}

/** Rules no condition may break: repetition is a restatement, and fixed obligations are never withdrawn. */
function everyCondition(ctx: TConditionContext) {
  const active = new Set<string>();
  ctx.history.turns.forEach((turn, i) => {
    const t = i + 1;
    for (const key of turn.activated) {
      if (active.has(key) && !turn.deactivated.includes(key)) {
        ctx.errors.push(
          contractError("already_active", t, key, `Turn ${t} activates ${key}, which is already active; a repetition is a restatement.`),
        );
      }
    }
    for (const key of turn.deactivated) {
      if (ctx.index.fixed.has(key)) {
        ctx.errors.push(
          contractError("fixed_deactivated", t, key, `Turn ${t} deactivates ${key}, a fixed obligation that stays active in every history.`),
        );
      }
      active.delete(key);
    }
    for (const key of turn.activated) active.add(key);
  });
}

export type THistoryStructure = { condition: TCondition; errors: TContractError[] };

/** Structure of every history of a family, controls checked against the family's direct and cancellation. */
export function checkFamilyStructure(histories: readonly THistory[], catalog: TCatalog): TResult<THistoryStructure[]> {
  const index = indexCatalog(catalog);
  if (!index.ok) return index;
  const references: TStructureReferences = {
    direct: histories.find((h) => h.condition === "direct"),
    cancellation: histories.find((h) => h.condition === "cancellation"),
  };
  return {
    ok: true,
    value: histories.map((history) => {
      const result = checkStructureIndexed(history, index.value, references);
      return { condition: history.condition, errors: result.ok ? [] : result.errors };
    }),
  };
}
