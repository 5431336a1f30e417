import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunCgroup } from "./cgroup";
import { closeLaunchers, launcherStats, launchScript, prepareLaunchers, takeLauncher } from "./launcher-pool";
import { preludeArgs } from "./sandbox-args";
import { bwrapStatus, defaultLimits, runSandboxed, type SandboxRequest } from "./sandbox";

let base: string;
let workspace: string;
let outputDir: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), "specpath-launcher-"));
  workspace = path.join(base, "ws");
  outputDir = path.join(base, "out");
  await mkdir(workspace);
  await mkdir(outputDir);
});
afterAll(async () => {
  await closeLaunchers();
  await rm(base, { recursive: true, force: true });
});

const TIMEOUT = 10_000;
const run = (command: string, extra: Partial<SandboxRequest> = {}) => runSandboxed({ command, workspace, outputDir, timeoutMs: TIMEOUT, ...extra });
/** The cgroup limits runSandboxed asks a launcher for, with `limits` over the defaults. */
const cgroupLimits = (limits: Partial<ReturnType<typeof defaultLimits>> = {}) => ({ ...defaultLimits(TIMEOUT), ...limits });

const hasBwrap = (await bwrapStatus()).path !== null;
const probe = await createRunCgroup({ memoryBytes: 1 << 30, maxProcesses: 100, cpuCores: 1 });
const enforced = probe?.enforced ?? { memory: false, processes: false, cpu: false };
await probe?.remove();

describe("the script a launcher sources", () => {
  const limits = { cpuSeconds: 10, fileSizeBytes: 1 << 20, memoryBytes: 1 << 30 };
  const layers = { lower: "/c/lower", upper: "/c/upper", work: "/c/work" };
  const overlay = preludeArgs({ procsFiles: [], limits, addressSpace: false, overlay: { tools: { unshare: "/usr/bin/unshare", mount: "/usr/bin/mount" }, layers, mountPoint: "/c/mnt" } });
  const options = { cwd: "/c/mnt", env: { A: "1" }, keepFd3: false };
  it("runs the prelude in the launcher's own shell, without the overlay's unshare when the launcher has its own mount namespace", () => {
    const script = launchScript([...overlay, "/usr/bin/bwrap", "x"], { ...options, privateMountsBy: "/usr/bin/unshare" });
    expect(script).not.toContain("unshare");
    expect(script).toMatch(/^set -- '--' '10' '2048' '-' 'overlay' '\/usr\/bin\/mount' '[^']+' '\/c\/mnt' '\/usr\/bin\/bwrap' 'x'$/m);
    expect(script).toMatch(/exec "\$@"\n$/);
  });
  it("keeps the unshare for a launcher without a mount namespace of its own, and execs anything that is not a prelude as is", () => {
    expect(launchScript([...overlay, "/usr/bin/bwrap"], { ...options, privateMountsBy: null })).toContain("exec '/usr/bin/unshare' '--mount'");
    expect(launchScript(["/bin/sh", "-c", "true"], { ...options, privateMountsBy: "/usr/bin/unshare" })).toContain("exec '/bin/sh' '-c' 'true'");
  });
});

describe.runIf(hasBwrap && probe !== null)("pre-joined launchers", () => {
  it("a run started by a launcher has exactly the environment a freshly spawned one has", async () => {
    await closeLaunchers();
    const before = launcherStats().taken;
    const spawned = await run(`env | sort; printf '[%s]\n' "$EXTRA"; ulimit -t; ulimit -f; pwd`, { env: () => ({ EXTRA: "it's\nmultiline" }) });
    expect(launcherStats().taken).toBe(before); // none made yet: the prelude joined the cgroups
    await prepareLaunchers(cgroupLimits());
    const launched = await run(`env | sort; printf '[%s]\n' "$EXTRA"; ulimit -t; ulimit -f; pwd`, { env: () => ({ EXTRA: "it's\nmultiline" }) });
    expect(launcherStats().taken).toBe(before + 1);
    expect(launched.exitCode).toBe(0);
    expect(launched.stdout).toBe(spawned.stdout);
    expect(launched.stdout).toContain("[it's\nmultiline]");
  });

  it.runIf(enforced.processes)("holds the run's process limit, and the next launcher's cgroup starts clean", async () => {
    const limits = { maxProcesses: 20 };
    await prepareLaunchers(cgroupLimits(limits));
    const before = launcherStats().taken;
    const hog = await run("ok=0; for i in $(seq 60); do sleep 5 & ok=$((ok+1)); done; echo started", { limits });
    expect(hog.limitsHit).toContain("processes");
    const next = await run("echo fine", { limits });
    expect(next).toMatchObject({ stdout: "fine\n", limitsHit: [] });
    expect(launcherStats().taken).toBe(before + 2);
  });

  it.runIf(enforced.memory)("holds the run's memory limit for the whole tree", async () => {
    const limits = { memoryBytes: 200 * 1024 * 1024 };
    await prepareLaunchers(cgroupLimits(limits));
    const before = launcherStats().taken;
    const result = await run("node -e \"const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1))\"", { limits });
    expect(launcherStats().taken).toBe(before + 1);
    expect(result.limitsHit).toContain("memory");
  });

  it.runIf(enforced.cpu)("holds the run's CPU bound", async () => {
    const limits = { cpuCores: 0.1 };
    await prepareLaunchers(cgroupLimits(limits));
    const before = launcherStats().taken;
    const result = await run("for i in 1 2 3 4; do timeout 1.5 sh -c 'while :; do :; done' & done; wait; times", { limits });
    expect(launcherStats().taken).toBe(before + 1);
    const [, children] = result.stdout.trim().split("\n");
    const cpu = (children ?? "").split(/\s+/).reduce((sum, t) => {
      const m = /^(\d+)m([\d.]+)s$/.exec(t);
      return sum + (m ? Number(m[1]) * 60 + Number(m[2]) : 0);
    }, 0);
    expect(cpu).toBeGreaterThan(0.02);
    expect(cpu).toBeLessThan(0.35);
  });

  it("gives each launcher, in its own cgroup, to one taker only; its cgroup is gone after the run", async () => {
    const limits = cgroupLimits();
    await prepareLaunchers(limits);
    const [a, b] = await Promise.all([takeLauncher(limits), takeLauncher(limits)]);
    expect(a && b).toBeTruthy();
    expect(a!.child.pid).not.toBe(b!.child.pid);
    for (const launcher of [a!, b!]) {
      expect(launcher.cgroup.procsFiles.length).toBeGreaterThan(0);
      for (const file of launcher.cgroup.procsFiles) expect(readFileSync(file, "utf8").trim().split("\n")).toEqual([String(launcher.child.pid)]);
    }
    expect(new Set([...a!.cgroup.procsFiles, ...b!.cgroup.procsFiles]).size).toBe(a!.cgroup.procsFiles.length * 2);
    await a!.launch(["/bin/sh", "-c", "true"], { cwd: "/", env: {}, keepFd3: false });
    await expect(a!.launch(["/bin/true"], { cwd: "/", env: {}, keepFd3: false })).rejects.toThrow(/one run/);
    // A launcher whose stdin closes without a command runs nothing.
    b!.child.stdin?.end();
    const codes = await Promise.all([a!, b!].map((l) => new Promise((resolve) => (l.child.exitCode !== null ? resolve(l.child.exitCode) : l.child.once("exit", resolve)))));
    expect(codes).toEqual([0, 0]);
    for (const launcher of [a!, b!]) {
      await launcher.cgroup.remove();
      for (const file of launcher.cgroup.procsFiles) expect(existsSync(path.dirname(file))).toBe(false);
    }
  });

  it.runIf(process.getuid?.() === 0)("an overlay run from a launcher (its own mount namespace, the prelude in its shell) sees, writes and leaves behind what a freshly spawned one does", async () => {
    const layersOf = async (name: string) => {
      const dir = path.join(base, name);
      const layers = { lower: path.join(dir, "lower"), upper: path.join(dir, "upper"), work: path.join(dir, "work") };
      for (const d of [...Object.values(layers), path.join(dir, "mnt"), path.join(dir, "out")]) await mkdir(d, { recursive: true });
      await writeFile(path.join(layers.lower, "base.txt"), "from the prepared tree\n");
      return { layers, mnt: path.join(dir, "mnt"), out: path.join(dir, "out") };
    };
    const command = `env | sort; pwd; ulimit -t; ulimit -f; cat base.txt; echo changed > base.txt; echo new > new.txt; ls`;
    const overlayRun = async (name: string) => {
      const { layers, mnt, out } = await layersOf(name);
      const result = await runSandboxed({ command, workspace: mnt, overlay: layers, outputDir: out, timeoutMs: TIMEOUT, env: () => ({ EXTRA: "x" }) });
      return { result, layers, mnt };
    };
    await closeLaunchers();
    const before = launcherStats().taken;
    const spawned = await overlayRun("spawned");
    expect(launcherStats().taken).toBe(before);
    await prepareLaunchers(cgroupLimits());
    const launched = await overlayRun("launched");
    expect(launcherStats().taken).toBe(before + 1);
    expect(launched.result.exitCode).toBe(0);
    expect(launched.result.stdout).toBe(spawned.result.stdout);
    expect(launched.result.stdout).toContain("from the prepared tree\n");
    // The prelude's cd into the mount point leaves no host path behind in the environment.
    expect(launched.result.stdout).not.toContain(base);
    for (const { layers, mnt } of [spawned, launched]) {
      // The run's changes are in its upper layer only; nothing stays mounted on the host.
      expect(readFileSync(path.join(layers.lower, "base.txt"), "utf8")).toBe("from the prepared tree\n");
      expect(readFileSync(path.join(layers.upper, "base.txt"), "utf8")).toBe("changed\n");
      expect(readFileSync(path.join(layers.upper, "new.txt"), "utf8")).toBe("new\n");
      expect(readFileSync("/proc/self/mountinfo", "utf8")).not.toContain(mnt);
    }
  });

  it("leaves setup (network) to a freshly spawned sandbox", async () => {
    await prepareLaunchers(cgroupLimits());
    const before = launcherStats().taken;
    const result = await run("echo ok", { network: true });
    expect(result.stdout).toBe("ok\n");
    expect(launcherStats().taken).toBe(before);
  });
});
