import "server-only";
import { ensureMirror, existingMirrorWith, requireCommit } from "@/lib/runner/mirror";
import { gitBytes } from "@/lib/git/run-git";
import { harborBasePaths } from "@/lib/grading/harbor-test";
import { bundledScript, tapLogRenderers } from "./bundles";
import { harborEnvironmentFiles, harborTaskFiles, harborTaskName } from "./harbor";
import { sha256Hex } from "./hash";
import type { TFrozenPackage } from "./load-package";
import { writeTarGz, type TExportEntry } from "./native-export";
import { sweBenchInstances, type TSweBenchInstance } from "./swebench";
import type { TPackage } from "./types";

const gitOutput = (cwd: string, args: string[]): Promise<Buffer> => gitBytes(args, { cwd });

/**
 * Where the base commit is read from: the machine's mirror (its cache folder). `offline` (an HTTP
 * request) reads the mirror as it is and never clones or fetches; a job or the CLI may do both.
 */
export type TMirrorAccess = { cacheDir: string; offline?: boolean };
const accessOf = (cache: string | TMirrorAccess): TMirrorAccess => (typeof cache === "string" ? { cacheDir: cache } : cache);

async function baseCommitIn(content: TPackage, cache: string | TMirrorAccess) {
  const { cacheDir, offline } = accessOf(cache);
  if (offline) {
    const { mirror, commit } = await existingMirrorWith(content.provenance.repo, content.provenance.baseCommit, cacheDir);
    return { dir: mirror.dir, commit };
  }
  const mirror = await ensureMirror(content.provenance.repo, { cacheDir });
  return { dir: mirror.dir, commit: await requireCommit(mirror, content.provenance.baseCommit, { cacheDir }) };
}

/** The bundled signature script Harbor tasks ship as tests/specpath_signature.mjs. */
export const bundledSignatureScript = () => bundledScript("signature");

/** `git archive` of the base commit: the environment's repo.tar (files only, no history). */
export async function baseSnapshot(content: TPackage, cacheDir: string | TMirrorAccess): Promise<Buffer> {
  const { dir, commit } = await baseCommitIn(content, cacheDir);
  // git archive stamps every entry with the commit's time: the same bytes whenever it is made.
  return gitOutput(dir, ["archive", "--format=tar", commit]);
}

/**
 * The base versions of the recipe's protected paths (tests/base/<path>), from the mirror: test.sh
 * restores them from there, never from the container's .git, which the agent controlled.
 */
export async function protectedBaseFiles(content: TPackage, cacheDir: string | TMirrorAccess): Promise<{ path: string; content: Uint8Array }[]> {
  const { dir, commit } = await baseCommitIn(content, cacheDir);
  const blobs = new Set(
    (await gitOutput(dir, ["ls-tree", "-r", "-z", commit])).toString("utf8").split("\0").filter(Boolean)
      .filter((line) => line.split(" ")[1] === "blob").map((line) => line.slice(line.indexOf("\t") + 1)),
  );
  const files: { path: string; content: Uint8Array }[] = [];
  for (const rel of harborBasePaths({ ...content.verifier, historyPath: content.protocol.historyPath })) {
    if (blobs.has(rel)) files.push({ path: rel, content: await gitOutput(dir, ["cat-file", "blob", `${commit}:${rel}`]) });
  }
  return files;
}

/** Every file of the base tree (pytest node ids name them). */
export async function baseFiles(content: TPackage, cacheDir: string | TMirrorAccess): Promise<string[]> {
  const { dir, commit } = await baseCommitIn(content, cacheDir);
  return (await gitOutput(dir, ["ls-tree", "-r", "--name-only", "-z", commit])).toString("utf8").split("\0").filter(Boolean);
}

/** The package's SWE-bench instances, with the base tree for pytest ids and the bundled TAP renderers. */
export async function sweBenchFor(pkg: Pick<TFrozenPackage, "content" | "hash">, cacheDir: string | TMirrorAccess): Promise<TSweBenchInstance[]> {
  const [repoFiles, renderers] = await Promise.all([baseFiles(pkg.content, cacheDir), tapLogRenderers()]);
  return sweBenchInstances(pkg.content, pkg.hash, { repoFiles, renderers });
}

export type THarborOptions = {
  /** Folder the task folders go under inside the archive ("" = top). */
  root?: string;
  /**
   * One environment per family: every task's environment/ is a hard link to the first copy of
   * the same bytes (in this package, or an earlier one of the suite through `seen`). False writes
   * a full copy per history (the old layout, kept for the bench's baseline).
   */
  shareEnvironment?: boolean;
  /** sha256 of an environment folder's bytes → the first folder that holds them. */
  seen?: Map<string, string>;
};

/** Every file of the Harbor task folders of a package, one folder per history. */
export async function harborFiles(pkg: Pick<TFrozenPackage, "content" | "hash">, cacheDir: string | TMirrorAccess, options: THarborOptions = {}): Promise<TExportEntry[]> {
  const share = options.shareEnvironment ?? true;
  const seen = options.seen ?? new Map<string, string>();
  const root = options.root ? `${options.root.replace(/\/$/, "")}/` : "";
  const [script, snapshot, base] = await Promise.all([bundledScript("signature"), baseSnapshot(pkg.content, cacheDir), protectedBaseFiles(pkg.content, cacheDir)]);
  const environment: { path: string; content: string | Uint8Array }[] = [...harborEnvironmentFiles(pkg.content), { path: "repo.tar", content: snapshot as Uint8Array }];
  const digest = sha256Hex(environment.map((f) => `${f.path}\0${sha256Hex(f.content)}`).join("\n"));
  const entries: TExportEntry[] = [];
  let signatureAt: string | null = null;
  let baseAt: string | null = null;
  // Sorted names: the first task folder (in archive order) holds the bytes, the others link to it.
  const names = pkg.content.histories.map((h) => h.condition).sort().map((c) => ({ condition: c, name: harborTaskName(pkg.content, c) }));
  for (const { condition, name } of names) {
    entries.push(...harborTaskFiles(pkg.content, pkg.hash, condition).map((f) => ({ ...f, path: root + f.path })));
    const signaturePath = `${root}${name}/tests/specpath_signature.mjs`;
    entries.push(share && signatureAt ? { path: signaturePath, linkTo: signatureAt } : { path: signaturePath, content: script });
    signatureAt ??= signaturePath;
    // The protected paths' base versions: the same bytes in every task of the family.
    const baseDir = `${root}${name}/tests/base`;
    for (const file of base) entries.push(share && baseAt ? { path: `${baseDir}/${file.path}`, linkTo: `${baseAt}/${file.path}` } : { path: `${baseDir}/${file.path}`, content: file.content });
    baseAt ??= baseDir;
    const envDir = `${root}${name}/environment`;
    const first = seen.get(digest);
    for (const file of environment) {
      entries.push(share && first ? { path: `${envDir}/${file.path}`, linkTo: `${first}/${file.path}` } : { path: `${envDir}/${file.path}`, content: file.content });
    }
    if (share && !first) seen.set(digest, envDir);
  }
  return entries;
}

export async function writeHarborExport(pkg: TFrozenPackage, outFile: string, cacheDir: string | TMirrorAccess) {
  await writeTarGz(outFile, `specpath-harbor-${pkg.hash.slice(0, 12)}`, await harborFiles(pkg, cacheDir));
  return outFile;
}
