// Pure: contract equivalence of a history with the final contract C*.
import { indexCatalog, type TCatalogIndex } from "./catalog";
import { compareNormalized, normalize, type TNormalizedAtom } from "./normalize";
import { replayIndexed } from "./replay";
import type { TAtom, TCatalog, TContractError, TResult, TTraced } from "./types";

export type TEquivalenceVerdict = {
  equivalent: boolean;
  /** Atoms in Norm(Replay(Z_A) ∪ P) but not in B's. */
  onlyInA: TNormalizedAtom[];
  onlyInB: TNormalizedAtom[];
};

export type TContractVerdict = {
  atContract: boolean;
  /** Atoms the history ends with that C* does not contain (e.g. a temporary atom left active). */
  extra: TNormalizedAtom[];
  /** Atoms of C* the history never leaves active. */
  missing: TNormalizedAtom[];
};

/** Norm(C*) with C* = M* ∪ P. */
export function finalContract(catalog: TCatalog): TNormalizedAtom[] {
  return normalize(catalog.filter((a) => a.role !== "temporary"));
}

/** Norm(Replay(Z) ∪ P). */
export function contractOf(history: TTraced, catalog: TCatalog): TResult<TNormalizedAtom[]> {
  const index = indexCatalog(catalog);
  if (!index.ok) return index;
  return contractOfIndexed(history, index.value);
}

export function contractOfIndexed(history: TTraced, index: TCatalogIndex): TResult<TNormalizedAtom[]> {
  const result = replayIndexed(history.turns, index);
  if (!result.ok) return result;
  const atoms: TAtom[] = [...result.value.final, ...index.fixed].map((key) => index.byKey.get(key)!);
  return { ok: true, value: normalize(atoms) };
}

/**
 * Whether two histories resolve to the same normalized contract. Equation (3)
 * additionally asks that it be C*: use endsAtContract on each history for that.
 */
export function equivalent(historyA: TTraced, historyB: TTraced, catalog: TCatalog): TResult<TEquivalenceVerdict> {
  const index = indexCatalog(catalog);
  if (!index.ok) return index;
  const a = contractOfIndexed(historyA, index.value);
  const b = contractOfIndexed(historyB, index.value);
  if (!a.ok || !b.ok) {
    const side = (label: string, errors: TContractError[]) =>
      errors.map((e) => ({ ...e, message: `History ${label}: ${e.message}` }));
    return { ok: false, errors: [...(a.ok ? [] : side("A", a.errors)), ...(b.ok ? [] : side("B", b.errors))] };
  }
  const { onlyLeft, onlyRight } = compareNormalized(a.value, b.value);
  return {
    ok: true,
    value: { equivalent: onlyLeft.length === 0 && onlyRight.length === 0, onlyInA: onlyLeft, onlyInB: onlyRight },
  };
}

/** Whether Norm(Replay(Z) ∪ P) = C*. */
export function endsAtContract(history: TTraced, catalog: TCatalog): TResult<TContractVerdict> {
  const index = indexCatalog(catalog);
  if (!index.ok) return index;
  return endsAtContractIndexed(history, index.value);
}

export function endsAtContractIndexed(history: TTraced, index: TCatalogIndex): TResult<TContractVerdict> {
  const reached = contractOfIndexed(history, index);
  if (!reached.ok) return reached;
  const target = normalize(index.contract.map((key) => index.byKey.get(key)!));
  const { onlyLeft, onlyRight } = compareNormalized(reached.value, target);
  return {
    ok: true,
    value: { atContract: onlyLeft.length === 0 && onlyRight.length === 0, extra: onlyLeft, missing: onlyRight },
  };
}
