import "server-only";
// Imports run as async tasks inside the web server process; this registry knows which
// jobs this process is running, so a job left "running" by a restart can be resumed.
const registry = globalThis as unknown as { studioImports?: Map<string, Promise<void>> };

function jobs(): Map<string, Promise<void>> {
  registry.studioImports ??= new Map();
  return registry.studioImports;
}

export function isImportActive(jobId: string): boolean {
  return jobs().has(jobId);
}

/** Starts `task` unless the job already runs here; returns false when it does. */
export function launchImport(jobId: string, task: () => Promise<void>): boolean {
  if (jobs().has(jobId)) return false;
  const running = task()
    .catch((error: unknown) => console.error(`[imports] job ${jobId} crashed`, error))
    .finally(() => jobs().delete(jobId));
  jobs().set(jobId, running);
  return true;
}

/** Resolves when the job is no longer running in this process (tests wait on it). */
export async function importSettled(jobId: string): Promise<void> {
  await jobs().get(jobId);
}
