import "server-only";
// What is computed from a family's rows, kept per process behind the family's
// fingerprint (family-fingerprint.ts): the gate report, a stage panel's details,
// a suite's agreement (keyed by its families' fingerprints). Computed again only
// when the fingerprint changed; 50 requests at once compute it once.

/** Entries each kind keeps (the least recently asked for goes first). */
const CACHED_PER_KIND = 500;

type Entry = { fingerprint: string; value: Promise<unknown> };
const globalForCache = globalThis as unknown as { studioFingerprintCache?: Map<string, Map<string, Entry>> };
const kinds = (globalForCache.studioFingerprintCache ??= new Map());

/** Off only for comparison (bench/platform.ts measures the pages with and without it). */
export const fingerprintCacheOff = () => process.env.STUDIO_GATE_REPORT_CACHE === "off";

/** The value computed for `key` while its fingerprint stands; each caller gets its own copy. */
export async function cachedByFingerprint<T>(kind: string, key: string, fingerprint: string, compute: () => Promise<T>): Promise<T> {
  if (fingerprintCacheOff()) return compute();
  return structuredClone((await held(kind, key, fingerprint, compute)) as T);
}

/**
 * The same for a value kept as the JSON text a route answers with: a string is never changed
 * by its callers, so it is shared, not copied — no copy and no serialization per request.
 */
export async function cachedTextByFingerprint(kind: string, key: string, fingerprint: string, compute: () => Promise<string>): Promise<string> {
  if (fingerprintCacheOff()) return compute();
  return (await held(kind, key, fingerprint, compute)) as string;
}

function held(kind: string, key: string, fingerprint: string, compute: () => Promise<unknown>): Promise<unknown> {
  let entries = kinds.get(kind);
  if (!entries) kinds.set(kind, (entries = new Map()));
  let entry = entries.get(key);
  if (!entry || entry.fingerprint !== fingerprint) {
    entry = { fingerprint, value: compute() };
    const settled = entry;
    const map = entries;
    // A failure (a family not found, the database gone) is not kept.
    settled.value.catch(() => map.get(key) === settled && map.delete(key));
  }
  entries.delete(key); // re-inserted last: the Map's order is the recency order
  entries.set(key, entry);
  if (entries.size > CACHED_PER_KIND) entries.delete(entries.keys().next().value as string);
  return entry.value;
}
