// Pure: how much of the contract each turn of a history exposes.
import { indexCatalog } from "./catalog";
import type { TCatalog, TCondition, THistory, TResult, TTraced } from "./types";

/** After turn t (0 = before the first turn), how much of M* (the final atoms) has been stated at least once. */
export type TExposurePoint = { turn: number; stated: number; total: number; share: number };

export type TExposureSeries = { condition: TCondition; points: TExposurePoint[] };

/**
 * The cumulative share of M* first stated (activated or restated) by turn t,
 * read from the hidden trace. Fixed atoms P are given in every history (they
 * are part of C* = M* ∪ P but no history has to convey them), and temporary
 * atoms are not in C*: neither counts, so a complete direct history reaches 1.
 */
export function exposure(history: TTraced, catalog: TCatalog): TResult<TExposurePoint[]> {
  const index = indexCatalog(catalog);
  if (!index.ok) return index;
  const contract = new Set(index.value.contract.filter((key) => index.value.final.has(key)));
  const total = contract.size;
  const seen = new Set<string>();
  const point = (turn: number): TExposurePoint => ({
    turn,
    stated: seen.size,
    total,
    share: total === 0 ? 0 : seen.size / total,
  });
  const points = [point(0)];
  history.turns.forEach((turn, i) => {
    for (const key of [...turn.activated, ...turn.restated]) if (contract.has(key)) seen.add(key);
    points.push(point(i + 1));
  });
  return { ok: true, value: points };
}

/** One series per history, ready for a line plot of share against turn. */
export function exposureSeries(histories: readonly THistory[], catalog: TCatalog): TResult<TExposureSeries[]> {
  const series: TExposureSeries[] = [];
  for (const history of histories) {
    const points = exposure(history, catalog);
    if (!points.ok) return points;
    series.push({ condition: history.condition, points: points.value });
  }
  return { ok: true, value: series };
}
