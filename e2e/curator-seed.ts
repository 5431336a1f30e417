// The repository a generated two-atom family is imported from (lib/testing/curator-family.ts):
// a node:test project with 30 existing tests and a merged pull request (#7) adding
// clamp(value, low, high) with two tests. It lives under os.tmpdir(), one of the e2e
// studio's import roots, and nothing of it is in the database: the curator imports it.
import fs from "node:fs";
import { createCuratorRepo } from "../lib/testing/curator-family";

export async function makeCuratorRepository(): Promise<{ dir: string; remove: () => void }> {
  const repo = await createCuratorRepo();
  // The studio's git reads it as this same user; the worker's sandbox copies a prepared workspace.
  fs.chmodSync(repo.dir, 0o755);
  return { dir: repo.dir, remove: () => fs.rmSync(repo.dir, { recursive: true, force: true }) };
}
