// `npm start` as root from a clone inside a mode-700 directory (like /root), with
// STUDIO_DATA_DIR made by `mktemp -d`: PostgreSQL's own user can reach neither, and the
// studio still serves the sign-in page. A PostgreSQL start failure is one sentence.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../lib/db/embedded";

const ROOT = path.resolve(import.meta.dirname, "..");
const isRoot = process.getuid?.() === 0;
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const clean of cleanups.reverse()) clean();
});

function tempDir(prefix: string, mode: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, mode);
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A clone of this checkout (its current files), with node_modules hard-linked and the build copied. */
function cloneInto(target: string): void {
  const files = execFileSync("git", ["ls-files", "-z", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from) || fs.statSync(from).isDirectory()) continue;
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(from, path.join(target, file));
  }
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(target, "node_modules")]);
  execFileSync("cp", ["-a", path.join(ROOT, "lib/db/generated"), path.join(target, "lib/db/")]);
  if (fs.existsSync(path.join(ROOT, ".next"))) {
    execFileSync("sh", ["-c", `cd "${ROOT}" && tar --exclude=.next/cache -cf - .next | (cd "${target}" && tar -xf -)`]);
  }
}

function start(cwd: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(cwd, "scripts/start.ts")], {
    cwd,
    env: { ...process.env, DATABASE_URL: "", NEXTAUTH_URL: "", STUDIO_WORKER_CONCURRENCY: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr?.on("data", (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGINT");
  });
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", (code) => resolve(code))));

describe.skipIf(!isRoot)("npm start as root", () => {
  it("serves the sign-in page from a clone under a mode-700 directory with a mktemp -d data folder", async () => {
    const home = tempDir("specpath-root-home-", 0o700);
    const clone = path.join(home, "studio");
    cloneInto(clone);
    const dataDir = tempDir("tmp.", 0o700);
    const staging = tempDir("specpath-staging-", 0o755);
    const port = await freePort();
    const studio = start(clone, { PORT: String(port), STUDIO_DATA_DIR: dataDir, STUDIO_PG_STAGING_DIR: staging });
    try {
      const deadline = Date.now() + 540_000;
      let ok = false;
      while (!ok && Date.now() < deadline && studio.child.exitCode === null) {
        ok = await fetch(`http://127.0.0.1:${port}/signin`).then((r) => r.ok, () => false);
        if (!ok) await new Promise((r) => setTimeout(r, 500));
      }
      expect(ok, studio.output().slice(-3000)).toBe(true);
      expect(await fetch(`http://127.0.0.1:${port}/signin`).then((r) => r.text())).toMatch(/Sign in/);
      expect(fs.existsSync(path.join(staging, "clusters"))).toBe(true);
      expect(fs.readFileSync(path.join(dataDir, "pg-location.txt"), "utf8")).toContain(staging);
      expect(fs.readdirSync(staging).some((name) => name.startsWith("postgres-"))).toBe(true);
      expect(fs.statSync(path.join(dataDir, "secrets", "pg-superuser-password")).mode & 0o777).toBe(0o600);
      expect(fs.statSync(home).mode & 0o777).toBe(0o700); // nothing along the way was opened up
      expect(studio.output()).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
    } finally {
      await stop(studio.child);
    }
  }, 600_000);

  it("a PostgreSQL that cannot start is one sentence with the fix, not a stack trace", async () => {
    const dataDir = tempDir("tmp.", 0o700);
    const staging = tempDir("specpath-staging-", 0o755);
    const busy = await freePort();
    const blocker = (await import("node:net")).createServer().listen(busy, "127.0.0.1");
    try {
      const studio = start(ROOT, { PORT: String(await freePort()), STUDIO_DATA_DIR: dataDir, STUDIO_PG_STAGING_DIR: staging, STUDIO_PG_PORT: String(busy) });
      expect(await exited(studio.child)).toBe(1);
      const lines = studio.output().trim().split("\n");
      expect(lines.at(-1)).toMatch(new RegExp(`^\\[studio\\] The embedded PostgreSQL could not listen on port ${busy} \\(.*\\); free that port or set STUDIO_PG_PORT to another one\\.$`));
      expect(studio.output()).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    } finally {
      blocker.close();
    }
  }, 120_000);
});
