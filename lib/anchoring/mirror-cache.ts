// The studio's cache of import mirrors: one bare mirror per source under
// ${STUDIO_DATA_DIR}/cache/import-mirrors, shared by imports, admission and the evidence view.
import { access } from "node:fs/promises";
import path from "node:path";
import { commitExists } from "./imports/list-local-candidates";
import { isCloneUrl, LocalImportError, mirrorPathFor, prepareMirror, type TMirror } from "./local-mirror";

export function studioDataDir(): string {
  // The data folder is chosen at run time; the bundler must not trace it.
  return path.resolve(/*turbopackIgnore: true*/ process.env.STUDIO_DATA_DIR ?? ".studio-data");
}

export function importMirrorsDir(): string {
  return path.join(studioDataDir(), "cache", "import-mirrors");
}

/** A source as the studio stores it: clone URLs as typed, local paths made absolute. */
export function normalizeSource(source: string): string {
  const trimmed = source.trim();
  return isCloneUrl(trimmed) ? trimmed : path.resolve(trimmed);
}

// One clone or fetch per source at a time in this process; later callers share it.
const inFlight = new Map<string, Promise<TMirror>>();

/** Clones or refreshes the mirror of `source` (imports always want the latest history). */
export function refreshMirror(source: string, cacheDir = importMirrorsDir()): Promise<TMirror> {
  const key = `${cacheDir}\0${normalizeSource(source)}`;
  const running = inFlight.get(key);
  if (running) return running;
  const started = prepareMirror(normalizeSource(source), cacheDir).finally(() => inFlight.delete(key));
  inFlight.set(key, started);
  return started;
}

/** The mirror as it is when it exists (no network), otherwise a fresh clone. */
export async function openMirror(source: string, cacheDir = importMirrorsDir()): Promise<string> {
  const mirror = mirrorPathFor(normalizeSource(source), cacheDir);
  const exists = await access(path.join(mirror, "HEAD")).then(() => true, () => false);
  if (exists) return mirror;
  return (await refreshMirror(source, cacheDir)).path;
}

/** A mirror that holds every one of `commits`, fetching once when one is missing. */
export async function openMirrorWith(source: string, commits: readonly string[], cacheDir = importMirrorsDir()): Promise<string> {
  let mirror = await openMirror(source, cacheDir);
  const missing = async () => {
    for (const commit of commits) if (!(await commitExists(mirror, commit))) return commit;
    return null;
  };
  if ((await missing()) === null) return mirror;
  mirror = (await refreshMirror(source, cacheDir)).path;
  const still = await missing();
  if (still !== null) throw new LocalImportError("commit_not_found", `commit not found in ${source}: ${still}`);
  return mirror;
}
