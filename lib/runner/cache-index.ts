import "server-only";
// The cache's small LRU index: <cacheDir>/index.json, rewritten atomically
// under <cacheDir>/index.lock, so it survives restarts and is shared by every
// worker process on the machine. A lease file (leases/<key>.<pid>.<id>) marks
// an entry in use; eviction skips it while its process lives.

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { planEviction, type CacheEntry } from "./eviction";
import { runHost } from "./host";
import { isProcessAlive, withLock } from "./lock";

export type { CacheEntry } from "./eviction";

interface IndexFile {
  version: 1;
  entries: Record<string, CacheEntry>;
}

export interface Lease {
  release(): Promise<void>;
}

export const DEFAULT_MAX_CACHE_BYTES = 20 * 1024 ** 3;

export class CacheIndex {
  constructor(
    readonly cacheDir: string,
    readonly maxBytes: number = DEFAULT_MAX_CACHE_BYTES,
  ) {}

  private get file() {
    return path.join(this.cacheDir, "index.json");
  }

  /** Read–modify–write under the index lock; entries whose directory vanished are dropped. */
  async update<T>(change: (entries: Record<string, CacheEntry>) => T | Promise<T>): Promise<T> {
    await mkdir(path.join(this.cacheDir, "leases"), { recursive: true });
    return withLock(path.join(this.cacheDir, "index.lock"), async () => {
      const entries = await this.read();
      for (const [key, entry] of Object.entries(entries)) {
        if (!existsSync(path.join(this.cacheDir, entry.path))) delete entries[key];
      }
      const result = await change(entries);
      const tmp = `${this.file}.${process.pid}.${randomUUID()}`;
      await writeFile(tmp, JSON.stringify({ version: 1, entries } satisfies IndexFile, null, 1));
      await rename(tmp, this.file);
      return result;
    });
  }

  async entries(): Promise<Record<string, CacheEntry>> {
    return this.read();
  }

  /** Marks an existing entry in use and recently used; null when the cache does not hold it. */
  async lease(key: string): Promise<Lease | null> {
    return this.update(async (entries) => {
      const entry = entries[key];
      if (!entry) return null;
      entry.lastUsedAt = Date.now();
      return this.createLease(key);
    });
  }

  /** Records a new entry (its size measured now), leases it, then evicts others over the bound. */
  async add(key: string, entry: Omit<CacheEntry, "bytes" | "createdAt" | "lastUsedAt">): Promise<Lease> {
    const bytes = await directoryBytes(path.join(this.cacheDir, entry.path));
    const { lease, trash } = await this.update(async (entries) => {
      const now = Date.now();
      entries[key] = { ...entry, bytes, createdAt: now, lastUsedAt: now };
      const created = await this.createLease(key);
      return { lease: created, trash: await this.evict(entries) };
    });
    await Promise.all(trash.map((dir) => rm(dir, { recursive: true, force: true })));
    return lease;
  }

  /** Re-measures an entry after it changed on disk (a mirror after a fetch). */
  async remeasure(key: string): Promise<void> {
    const entry = (await this.read())[key];
    if (!entry) return;
    const bytes = await directoryBytes(path.join(this.cacheDir, entry.path));
    await this.update((entries) => {
      if (entries[key]) entries[key].bytes = bytes;
    });
  }

  private async read(): Promise<Record<string, CacheEntry>> {
    const text = await readFile(this.file, "utf8").catch(() => null);
    if (text === null) return {};
    try {
      const parsed = JSON.parse(text) as Partial<IndexFile>;
      return parsed.version === 1 && parsed.entries ? parsed.entries : {};
    } catch {
      return {}; // a damaged index only costs re-measuring: directories are adopted again
    }
  }

  private async createLease(key: string): Promise<Lease> {
    const file = path.join(this.cacheDir, "leases", `${key}.${process.pid}.${randomUUID()}`);
    await writeFile(file, "");
    return { release: () => rm(file, { force: true }) };
  }

  /** Moves evicted directories to trash/ (atomic) and returns them for deletion outside the lock. */
  private async evict(entries: Record<string, CacheEntry>): Promise<string[]> {
    const leased = await this.leasedKeys();
    const victims = planEviction(entries, this.maxBytes, (key) => leased.has(key));
    const trashDir = path.join(this.cacheDir, "trash");
    await mkdir(trashDir, { recursive: true });
    const trash: string[] = [];
    for (const key of victims) {
      const entry = entries[key];
      if (!entry) continue;
      const target = path.join(trashDir, `${key}.${randomUUID()}`);
      await rename(path.join(this.cacheDir, entry.path), target).catch(() => undefined);
      delete entries[key];
      trash.push(target);
    }
    return trash;
  }

  private async leasedKeys(): Promise<Set<string>> {
    const keys = new Set<string>();
    const dir = path.join(this.cacheDir, "leases");
    for (const name of await readdir(dir).catch(() => [])) {
      const [key, pid] = name.split(".");
      if (key && isProcessAlive(Number(pid))) keys.add(key);
      else await rm(path.join(dir, name), { force: true });
    }
    return keys;
  }
}

export async function directoryBytes(dir: string): Promise<number> {
  const result = await runHost("du", ["-sb", dir]);
  return Number(result.stdout.split(/\s/)[0]) || 0;
}
