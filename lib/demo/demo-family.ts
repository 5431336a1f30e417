// The demo family's construction material, computed from the real demo repository.
import { patchFromFiles } from "./patch-from-files";
import { DEMO_VARIANTS, PR_FILES, type DemoRepo } from "./demo-repo";

export function demoPatches(repo: DemoRepo) {
  const source = (content: string) => patchFromFiles(repo.dir, repo.baseCommit, { "src/secrets.js": content });
  return {
    gold: source(PR_FILES["src/secrets.js"]!),
    hiddenTests: patchFromFiles(repo.dir, repo.baseCommit, { "test/secrets.test.js": PR_FILES["test/secrets.test.js"]! }),
    negativeA1: source(DEMO_VARIANTS.negativeA1),
    negativeA2: source(DEMO_VARIANTS.negativeA2),
    alternative: source(DEMO_VARIANTS.alternative),
  };
}
