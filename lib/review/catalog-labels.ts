// Pure: the neutral catalog a reviewer sees. Each entry gets an opaque label drawn
// from a hash of (assignment, atom id): the order is shuffled per reviewer and the
// label reveals neither creation order (keys A1, A2 …) nor role. Atom ids are
// random and never leave the server, so a reviewer cannot recompute the mapping.

const ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function code(n: number): string {
  let out = "";
  for (let i = 0; i < 3; i++) {
    out += ALPHABET[n % ALPHABET.length];
    n = Math.floor(n / ALPHABET.length);
  }
  return out;
}

export type TLabelled<T> = T & { label: string };

/** The catalog in the reviewer's own order, each entry with its label; labels are unique. */
export function labelCatalog<T extends { id: string }>(seed: string, atoms: readonly T[]): TLabelled<T>[] {
  const hashed = atoms.map((atom) => ({ atom, h: fnv1a(`${seed}:${atom.id}`) }));
  hashed.sort((x, y) => x.h - y.h || (x.atom.id < y.atom.id ? -1 : 1));
  const used = new Set<string>();
  return hashed.map(({ atom, h }) => {
    let label = `E-${code(h)}`;
    for (let salt = 1; used.has(label); salt++) label = `E-${code(fnv1a(`${seed}:${atom.id}:${salt}`))}`;
    used.add(label);
    return { ...atom, label };
  });
}

/** An opaque label for one assignment's history, for the inbox. */
export function historyLabel(assignmentId: string): string {
  return `H-${code(fnv1a(`history:${assignmentId}`))}${code(fnv1a(`h2:${assignmentId}`)).slice(0, 2)}`;
}
