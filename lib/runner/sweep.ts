import "server-only";
// Leftovers of worker processes that died mid-job (kill -9, OOM, power):
// run workspaces, half-built mirrors and workspaces, and evicted directories.
// Directory names carry the owner's pid, so only the dead ones' are removed.

import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { isProcessAlive } from "./lock";

const swept = new Set<string>();

export async function sweepAbandoned(cacheDir: string): Promise<void> {
  if (swept.has(cacheDir)) return;
  swept.add(cacheDir);
  const ownerDead = (name: string) => {
    const pid = Number(/^(?:\.tmp-)?(\d+)-/.exec(name)?.[1]);
    return Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid);
  };
  const removals: Promise<void>[] = [];
  // Best effort: another live process may be deleting the same trash entry (run-workspace.ts discardRunDir).
  const remove = (dir: string) => removals.push(rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined));
  for (const sub of ["runs", "workspaces", "mirrors"]) {
    for (const name of await readdir(path.join(cacheDir, sub)).catch(() => [])) {
      const abandoned = sub === "runs" ? ownerDead(name) : name.startsWith(".tmp-") && ownerDead(name);
      if (abandoned) remove(path.join(cacheDir, sub, name));
    }
  }
  for (const name of await readdir(path.join(cacheDir, "trash")).catch(() => [])) {
    remove(path.join(cacheDir, "trash", name));
  }
  await Promise.all(removals);
}
