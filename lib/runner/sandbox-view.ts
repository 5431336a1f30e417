import "server-only";
// What of the host a sandboxed command sees (bwrap): the system directories a
// toolchain needs, /etc without the files that hold secrets, and the language
// runtimes of this worker (node, python3) wherever they really live — bound
// alone, not their parents' other contents. Everything else of the host
// (/root, /home, /work, the studio's folder, its data folder, other
// workspaces) is simply not there. Computed once per process.

import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import { findExecutable } from "./host";
import type { SystemView } from "./sandbox-args";

/** System directories bound read-only (or recreated as the same symlink, on merged-/usr systems). */
const SYSTEM_DIRS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"];

/** Files and directories of /etc that hold secrets: password hashes, host keys, TLS private keys. */
const ETC_SECRET_FILES = ["/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-", "/etc/security/opasswd"];
const ETC_SECRET_DIRS = ["/etc/ssl/private"];

/** Runtimes asked where they live: [executable, a script printing its install prefixes one per line]. */
const RUNTIMES: ReadonlyArray<[string, string[]]> = [
  ["node", ["-e", "console.log(require('path').dirname(require('path').dirname(process.execPath)))"]],
  ["python3", ["-c", "import sys; print(sys.prefix); print(sys.base_prefix)"]],
];

let cached: SystemView | null = null;

export function systemView(): SystemView {
  cached ??= computeView();
  return cached;
}

function computeView(): SystemView {
  const binds: string[] = [];
  const symlinks: Array<[string, string]> = [];
  for (const dir of SYSTEM_DIRS) {
    const stats = lstatOrNull(dir);
    if (!stats) continue;
    if (stats.isSymbolicLink()) symlinks.push([readlinkSync(dir), dir]);
    else if (stats.isDirectory()) binds.push(dir);
  }
  const maskFiles = ETC_SECRET_FILES.filter((file) => existsSync(file));
  const sshDir = "/etc/ssh";
  if (existsSync(sshDir)) {
    for (const entry of readdirSync(sshDir)) if (/^ssh_host_.*_key$/.test(entry)) maskFiles.push(path.join(sshDir, entry));
  }
  const maskDirs = ETC_SECRET_DIRS.filter((dir) => existsSync(dir));

  const runtimes = [...new Set([...RUNTIMES.flatMap(([name, script]) => runtimePrefixes(name, script)), ...extraRuntimes()])]
    .filter((dir) => !insideAny(dir, binds) && existsSync(dir))
    .sort();
  // Keep only the outermost of nested runtime dirs (a venv inside a pyenv version, say).
  const outermost = runtimes.filter((dir) => !runtimes.some((other) => other !== dir && inside(dir, other)));

  const visible = (dir: string) => insideAny(dir, [...binds, ...outermost]) || symlinks.some(([, link]) => inside(dir, link));
  const hostPath = (process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin").split(":").filter(Boolean);
  const runtimeBins = outermost.map((dir) => path.join(dir, "bin")).filter((dir) => existsSync(dir));
  const sandboxPath = [...new Set([...runtimeBins, ...hostPath.filter((dir) => path.isAbsolute(dir) && visible(dir) && !dir.includes("/shims"))])];
  for (const fallback of ["/usr/local/bin", "/usr/bin", "/bin"]) if (!sandboxPath.includes(fallback) && visible(fallback)) sandboxPath.push(fallback);

  return { binds, symlinks, maskFiles, maskDirs, runtimes: outermost, path: sandboxPath.join(":") };
}

/**
 * Install prefixes of one runtime found on the worker's PATH, asked of the
 * runtime itself (a pyenv shim or a wrapper script says nothing by its path).
 * Trusted: this is the worker's own interpreter, not code under test.
 */
function runtimePrefixes(name: string, script: string[]): string[] {
  const executable = findExecutable(name);
  if (!executable) return [];
  try {
    const out = execFileSync(executable, script, { encoding: "utf8", timeout: 10_000, stdio: ["ignore", "pipe", "ignore"] });
    return out.split("\n").map((line) => line.trim()).filter((line) => path.isAbsolute(line)).map((dir) => realpathSync(dir));
  } catch {
    return [];
  }
}

/** Further runtime directories an admin names (e.g. a JDK under /opt): SPECPATH_SANDBOX_RUNTIMES, colon-separated. */
function extraRuntimes(): string[] {
  return (process.env.SPECPATH_SANDBOX_RUNTIMES ?? "").split(":").filter((dir) => path.isAbsolute(dir) && existsSync(dir)).map((dir) => realpathSync(dir));
}

function lstatOrNull(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

function inside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

function insideAny(child: string, parents: readonly string[]): boolean {
  return parents.some((parent) => inside(child, parent));
}
