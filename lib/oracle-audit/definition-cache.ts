import "server-only";
import { db } from "@/lib/db";
import type { TTreeDefinitions } from "@/lib/oracle-audit/types";
import { fromJsonBytes, jsonBytes } from "./storable";

/** What the audit derives from content alone (a tree's definitions, a test patch's extraction), read and written by key. */
export type TAuditCache = {
  read<T>(key: string): Promise<T | null>;
  write(key: string, value: unknown): Promise<void>;
};

/**
 * The shared cache in the database: the JSON as UTF-8 bytes (bytea), so any string a
 * repository holds — U+0000, lone surrogates — is stored and read back exactly.
 */
export const databaseAuditCache: TAuditCache = {
  async read<T>(key: string) {
    const hit = await db().oracleDefinitionCache.findUnique({ where: { key } });
    return hit ? fromJsonBytes<T>(hit.content) : null;
  },
  async write(key, value) {
    const content = jsonBytes(value);
    await db().oracleDefinitionCache.upsert({ where: { key }, create: { key, content }, update: {} });
  },
};

/** A cache held in memory (the bench, tests). */
export function memoryAuditCache(): TAuditCache & { size(): number } {
  const entries = new Map<string, string>();
  return {
    async read<T>(key: string) {
      const hit = entries.get(key);
      return hit === undefined ? null : (JSON.parse(hit) as T);
    },
    async write(key, value) {
      if (!entries.has(key)) entries.set(key, JSON.stringify(value));
    },
    size: () => entries.size,
  };
}

/** The value under `key`, computed once per key and shared by every worker. */
export async function cachedValue<T>(cache: TAuditCache, key: string, compute: () => Promise<T>): Promise<{ value: T; cached: boolean }> {
  const hit = await cache.read<T>(key);
  if (hit !== null) return { value: hit, cached: true };
  const value = await compute();
  await cache.write(key, value);
  return { value, cached: false };
}

/** A tree's definitions, computed once per key (a commit, or a commit + patch hash). */
export async function cachedDefinitions(key: string, compute: () => Promise<TTreeDefinitions>, cache: TAuditCache = databaseAuditCache) {
  const { value, cached } = await cachedValue(cache, key, compute);
  return { definitions: value, cached };
}
