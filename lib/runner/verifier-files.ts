import "server-only";
// What a run's sandbox needs for the grading recipe's steps 3–5 (lib/grading/recipe.ts): the
// base versions of the protected paths (read from the prepared tree, which is base + setup), the
// hidden test patch, and — for grade runs — the canaries, written under the run's output folder
// as specpath-verifier/. The sandbox's steps script then restores, writes the hidden tests and the
// canaries, after the run's patch and before the test command.

import { randomBytes } from "node:crypto";
import { lstatSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { refusePatch } from "@/lib/git/patch-paths";
import {
  checkPatch,
  collisionMessage,
  forbiddenMessage,
  restoredMessage,
  hiddenTextsOf,
  planCanaries,
  protectedPaths,
  renderPrepareSteps,
  type TCanary,
  type TPatchCheck,
  type TProtectedPaths,
  type TRecipeVerifier,
} from "../grading/recipe";

export const VERIFIER_DIR = "specpath-verifier";

export interface RunVerifier {
  paths: TProtectedPaths;
  check: TPatchCheck;
  canaries: TCanary[];
  nonce: string;
  /** sh for the steps script; `fail` is the name of its failure function. */
  script: string;
}

/** The regular file at `relative` under `root`, or null (absent, or a symlink on the way). */
export function readBaseFile(root: string, relative: string): Buffer | null {
  let at = root;
  for (const part of relative.split("/")) {
    at = path.join(at, part);
    try {
      if (lstatSync(at).isSymbolicLink()) return null;
    } catch {
      return null;
    }
  }
  try {
    return lstatSync(at).isFile() ? readFileSync(at) : null;
  } catch {
    return null;
  }
}

export function planRunVerifier(verifier: TRecipeVerifier, patch: string | null, preparedDir: string, grading: boolean, onFail: string): RunVerifier {
  const paths = protectedPaths(verifier);
  const nonce = randomBytes(6).toString("hex");
  const canaries = grading
    ? planCanaries(verifier, hiddenTextsOf(verifier.hiddenTestPatch, (p) => readBaseFile(preparedDir, p)?.toString("utf8") ?? null), nonce)
    : [];
  const script = renderPrepareSteps(
    {
      workdir: null,
      agentPatch: null,
      base: { kind: "dir", dir: `"$SPECPATH_VERIFIER"/base` },
      hiddenPatchFile: `"$SPECPATH_VERIFIER"/hidden.patch`,
      canaries,
      reportPath: null,
      testCommand: null,
      afterTest: null,
      onFail,
      markers: false,
    },
    paths,
    verifier.hiddenTestPatch,
  );
  return { paths, check: checkPatch(patch, paths), canaries, nonce, script: `specpath_fail() {\n  ${onFail}\n}\n${script}` };
}

/** Writes specpath-verifier/{base/…, hidden.patch} under the run's output folder (host side). */
export async function writeRunVerifier(outputDir: string, preparedDir: string, verifier: TRecipeVerifier, plan: RunVerifier): Promise<void> {
  const dir = path.join(outputDir, VERIFIER_DIR);
  await mkdir(path.join(dir, "base"), { recursive: true });
  await writeFile(path.join(dir, "hidden.patch"), verifier.hiddenTestPatch);
  for (const rel of plan.paths.all) {
    const content = readBaseFile(preparedDir, rel);
    if (content === null) continue;
    const target = path.join(dir, "base", rel);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, content);
  }
}

/**
 * What a patch may do to the protected paths. Grade runs (an agent's patch): a verifier file or a
 * path outside the workspace is forbidden content; a hidden test path or a restored file is undone
 * and reported. Curator runs (calibrate, replay, collect, counterfactuals): a verifier file or a
 * hidden test path refuses the run, saying where the change belongs.
 */
export function gatePatch(plan: RunVerifier, patch: string | null, grading: boolean): { refusal: string | null; warnings: string[] } {
  const { forbidden, collisions, restored } = plan.check;
  const unsafe = grading && patch ? refusePatch(patch) : null;
  if (unsafe) return { refusal: `forbidden content: ${unsafe}`, warnings: [] };
  if (forbidden.length > 0) {
    const refusal = grading
      ? forbiddenMessage(forbidden)
      : `refused: the patch writes ${forbidden.join(", ")}, which the verifier owns (restored to base before every test run); a change the verifier needs there belongs in the hidden test patch`;
    return { refusal, warnings: [] };
  }
  if (collisions.length > 0 && !grading) {
    return { refusal: `refused: the patch writes ${collisions.join(", ")}, where the hidden tests go (a curator's patch may not touch the hidden tests)`, warnings: [] };
  }
  return {
    refusal: null,
    warnings: [...(collisions.length > 0 ? [collisionMessage(collisions)] : []), ...(restored.length > 0 ? [restoredMessage(restored)] : [])],
  };
}
