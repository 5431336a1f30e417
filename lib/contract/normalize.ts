// Pure: a history's events normalized (atom keys in order, duplicates merged).
import { compareAtomKeys } from "./catalog";
import type { TAtom, TPolarity } from "./types";

/** What Norm keeps of an atom: identity, scope, polarity, observation. Order is dropped. */
export type TNormalizedAtom = {
  key: string;
  scope: string;
  polarity: TPolarity;
  observation: string;
};

const collapse = (text: string) => text.trim().replace(/\s+/gu, " ");

export function normalizeAtom(atom: TAtom): TNormalizedAtom {
  return {
    key: atom.key,
    scope: collapse(atom.scope),
    polarity: atom.polarity,
    observation: collapse(atom.observation),
  };
}

/** A comparable identity for a normalized atom; two atoms are the same contract element iff these match. */
export function normalizedIdentity(atom: TNormalizedAtom): string {
  return JSON.stringify([atom.key, atom.scope, atom.polarity, atom.observation]);
}

/** Norm(S): the set as normalized atoms in a canonical order, without duplicates. */
export function normalize(atoms: Iterable<TAtom>): TNormalizedAtom[] {
  const seen = new Map<string, TNormalizedAtom>();
  for (const atom of atoms) {
    const normalized = normalizeAtom(atom);
    seen.set(normalizedIdentity(normalized), normalized);
  }
  return [...seen.values()].sort(
    (a, b) => compareAtomKeys(a.key, b.key) || (normalizedIdentity(a) < normalizedIdentity(b) ? -1 : 1),
  );
}

/** The two sides of a set comparison: what only the left has, what only the right has. */
export function compareNormalized(
  left: readonly TNormalizedAtom[],
  right: readonly TNormalizedAtom[],
): { onlyLeft: TNormalizedAtom[]; onlyRight: TNormalizedAtom[] } {
  const leftIds = new Set(left.map(normalizedIdentity));
  const rightIds = new Set(right.map(normalizedIdentity));
  return {
    onlyLeft: left.filter((a) => !rightIds.has(normalizedIdentity(a))),
    onlyRight: right.filter((a) => !leftIds.has(normalizedIdentity(a))),
  };
}
