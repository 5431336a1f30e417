// Pure: which cache entries to drop to get under the size bound.
//
// Least recently used first. An entry in use (leased, being prepared) stays.
// A mirror stays while a prepared workspace still borrows its objects
// (git alternates), unless that workspace goes in the same plan first.

export interface CacheEntry {
  kind: "mirror" | "workspace";
  /** Directory relative to the cache directory. */
  path: string;
  bytes: number;
  createdAt: number;
  lastUsedAt: number;
  /** For a workspace: the key of the mirror it borrows objects from. */
  mirror?: string;
}

export function planEviction(entries: Readonly<Record<string, CacheEntry>>, maxBytes: number, isBusy: (key: string) => boolean): string[] {
  let total = Object.values(entries).reduce((sum, e) => sum + e.bytes, 0);
  const evicted = new Set<string>();
  const byAge = Object.entries(entries).sort(([, a], [, b]) => a.lastUsedAt - b.lastUsedAt);
  for (const [key, entry] of byAge) {
    if (total <= maxBytes) break;
    if (isBusy(key)) continue;
    const borrowed = byAge.some(([other, e]) => e.mirror === key && !evicted.has(other));
    if (entry.kind === "mirror" && borrowed) continue;
    evicted.add(key);
    total -= entry.bytes;
  }
  return [...evicted];
}
