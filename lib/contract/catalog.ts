// Pure: the atom catalog: indexing, key order and the contract errors.
import { contractError, type TAtom, type TAtomRole, type TCatalog, type TResult } from "./types";

export type TCatalogIndex = {
  readonly byKey: ReadonlyMap<string, TAtom>;
  readonly final: ReadonlySet<string>;
  readonly fixed: ReadonlySet<string>;
  readonly temporary: ReadonlySet<string>;
  /** C* = M* ∪ P, as keys in catalog order. */
  readonly contract: readonly string[];
};

/** Orders atom keys as people read them: A2 before A10. */
export function compareAtomKeys(a: string, b: string): number {
  const na = Number(a.slice(1));
  const nb = Number(b.slice(1));
  if (Number.isInteger(na) && Number.isInteger(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function sortAtomKeys(keys: Iterable<string>): string[] {
  return [...keys].sort(compareAtomKeys);
}

export function indexCatalog(catalog: TCatalog): TResult<TCatalogIndex> {
  const byKey = new Map<string, TAtom>();
  const roles: Record<TAtomRole, Set<string>> = {
    final: new Set(),
    fixed: new Set(),
    temporary: new Set(),
  };
  const errors = [];
  for (const atom of catalog) {
    if (byKey.has(atom.key)) {
      errors.push(
        contractError("duplicate_atom_key", null, atom.key, `The catalog lists ${atom.key} more than once.`),
      );
      continue;
    }
    byKey.set(atom.key, atom);
    roles[atom.role].add(atom.key);
  }
  if (errors.length > 0) return { ok: false, errors };
  const contract = catalog.filter((a) => a.role !== "temporary").map((a) => a.key);
  return {
    ok: true,
    value: { byKey, final: roles.final, fixed: roles.fixed, temporary: roles.temporary, contract },
  };
}
