/**
 * The recipe's steps 3–5 (restore the protected paths, hidden tests, canaries) inside the
 * sandbox, on the Node fixture's gold tree, as a grade run does them (issue 24): staged host side
 * and put in place by one rm and one cp (lib/runner/verifier-files.ts, renderStagedRestore),
 * beside the portable script the exports still use, which works from the base alone
 * (renderPrepareSteps: rm/mkdir/dirname/cp per protected path, mktemp, git apply, cat — what every
 * studio run did before). Each is timed over a sandbox start alone (`true`), interleaved, as
 * medians; the processes each starts are counted by running it on the host through logging
 * wrappers of the tools it calls.
 */
import { execFileSync } from "node:child_process";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderPrepareSteps } from "../lib/grading/recipe";
import { runSandboxed } from "../lib/runner/sandbox";
import { planRunVerifier, readBaseFile, stageRunVerifier, VERIFIER_DIR } from "../lib/runner/verifier-files";
import type { TRecipeVerifier } from "../lib/grading/recipe";

const FAIL = 'echo "specpath: $1" >&2; exit 3';
const TOOLS = ["rm", "cp", "mkdir", "dirname", "mktemp", "cat", "git"];

export interface RestoreFigures {
  rounds: number;
  /** Median ms over a sandbox start alone. */
  stagedMs: number;
  portableMs: number;
  startMs: number;
  stagedProcesses: number;
  portableProcesses: number;
}

/**
 * `baseTree`: the base checkout (what a prepared workspace holds); `goldTree`: base + gold + hidden
 * tests, the workspace the steps run in; `scratch`: an empty folder.
 */
export async function measureRestore(recipe: TRecipeVerifier, baseTree: string, goldTree: string, scratch: string, rounds: number): Promise<RestoreFigures> {
  const plan = planRunVerifier(recipe, null, baseTree, true);
  const stagedOut = path.join(scratch, "staged-out");
  const portableOut = path.join(scratch, "portable-out");
  await mkdir(stagedOut, { recursive: true });
  await mkdir(path.join(portableOut, VERIFIER_DIR, "base"), { recursive: true });
  const staged = await stageRunVerifier(stagedOut, baseTree, recipe, plan, null, { image: null }, FAIL);
  // The portable script's inputs, as the studio wrote them before: base versions and the hidden patch.
  await writeFile(path.join(portableOut, VERIFIER_DIR, "hidden.patch"), recipe.hiddenTestPatch);
  for (const rel of plan.paths.all) {
    const content = readBaseFile(baseTree, rel);
    if (content === null) continue;
    await mkdir(path.dirname(path.join(portableOut, VERIFIER_DIR, "base", rel)), { recursive: true });
    await writeFile(path.join(portableOut, VERIFIER_DIR, "base", rel), content);
  }
  const portable = `specpath_fail() {\n  ${FAIL}\n}\n${renderPrepareSteps(
    { workdir: null, agentPatch: null, base: { kind: "dir", dir: `"$SPECPATH_VERIFIER"/base` }, hiddenPatchFile: `"$SPECPATH_VERIFIER"/hidden.patch`, canaries: plan.canaries, reportPath: null, testCommand: null, afterTest: null, onFail: FAIL, markers: false },
    plan.paths,
    recipe.hiddenTestPatch,
  )}`;

  const inSandbox = async (command: string, outputDir: string) => {
    const result = await runSandboxed({ command, workspace: goldTree, outputDir, timeoutMs: 30_000, env: (paths) => ({ SPECPATH_VERIFIER: path.join(paths.output, VERIFIER_DIR) }) });
    if (result.exitCode !== 0) throw new Error(`restore steps failed in the sandbox: ${result.stderr}`);
    return result.durationMs;
  };
  const ms = { staged: [] as number[], portable: [] as number[], start: [] as number[] };
  for (let i = 0; i < rounds; i++) {
    ms.start.push(await inSandbox("true", stagedOut));
    ms.staged.push(await inSandbox(staged, stagedOut));
    ms.portable.push(await inSandbox(portable, portableOut));
  }

  const bin = path.join(scratch, "bin");
  const log = path.join(scratch, "started.log");
  await mkdir(bin);
  for (const tool of TOOLS) {
    await writeFile(path.join(bin, tool), `#!/bin/sh\necho ${tool} >> "${log}"\nPATH=/usr/bin:/bin exec ${tool} "$@"\n`);
    await chmod(path.join(bin, tool), 0o755);
  }
  const count = (script: string, outputDir: string) => {
    execFileSync("/bin/sh", ["-c", `rm -f "${log}"; touch "${log}"`]);
    execFileSync("/bin/sh", ["-c", script], { cwd: goldTree, env: { PATH: `${bin}:/usr/bin:/bin`, SPECPATH_VERIFIER: path.join(outputDir, VERIFIER_DIR), TMPDIR: scratch } as unknown as NodeJS.ProcessEnv });
    return execFileSync("/bin/sh", ["-c", `wc -l < "${log}"`], { encoding: "utf8" }).trim();
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return {
    rounds,
    startMs: median(ms.start),
    stagedMs: median(ms.staged) - median(ms.start),
    portableMs: median(ms.portable) - median(ms.start),
    stagedProcesses: Number(count(staged, stagedOut)),
    portableProcesses: Number(count(portable, portableOut)),
  };
}
