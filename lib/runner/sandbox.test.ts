import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRunCgroup } from "./cgroup";
import { RunnerError } from "./errors";
import { bwrapStatus, containerEngine, runSandboxed, type SandboxRequest } from "./sandbox";

let base: string;
let workspace: string;
let outputDir: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), "specpath-sandbox-"));
  workspace = path.join(base, "ws");
  outputDir = path.join(base, "out");
  await mkdir(workspace);
  await mkdir(outputDir);
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const run = (command: string, extra: Partial<SandboxRequest> = {}) =>
  runSandboxed({ command, workspace, outputDir, timeoutMs: 10_000, ...extra });

const hasBwrap = (await bwrapStatus()).path !== null;
const probe = await createRunCgroup({ memoryBytes: 1 << 30, maxProcesses: 100, cpuCores: 1 });
const enforced = probe?.enforced ?? { memory: false, processes: false, cpu: false };
await probe?.remove();

describe.runIf(hasBwrap)("runSandboxed with bwrap", () => {
  it("runs in the workspace, captures both streams and the exit code", async () => {
    const result = await run('echo "out:$PWD"; echo err >&2; echo made > note.txt; exit 3');
    expect(result).toMatchObject({ sandbox: "bwrap", exitCode: 3, timedOut: false, stderr: "err\n" });
    expect(result.stdout).toBe(`out:${result.paths.workspace}\n`);
    expect(readFileSync(path.join(workspace, "note.txt"), "utf8")).toBe("made\n");
  });

  it("cannot write outside the workspace and output directory, nor change sysctls, and holds no capabilities", async () => {
    const outside = path.join(base, `outside-${randomUUID()}`);
    await mkdir(outside);
    const rootFile = `/root/specpath-escape-${randomUUID()}`;
    const result = await run(
      [
        `touch ${rootFile} && echo WROTE_ROOT`,
        "touch /usr/specpath-escape && echo WROTE_USR",
        `touch ${outside}/x && echo WROTE_OUTSIDE`,
        "touch /tmp/private && echo TMP_OK",
        'echo o > "$SPECPATH_OUTPUT/o.txt" && echo OUTPUT_OK',
        "v=$(cat /proc/sys/kernel/ctrl-alt-del); (echo $v > /proc/sys/kernel/ctrl-alt-del) 2>/dev/null && echo WROTE_SYSCTL",
        "grep CapEff /proc/self/status",
      ].join("; "),
    );
    expect(result.stdout).not.toMatch(/WROTE_/);
    expect(result.stdout).toMatch(/TMP_OK/);
    expect(result.stdout).toMatch(/OUTPUT_OK/);
    expect(result.stdout).toMatch(/CapEff:\s+0+\n/);
    expect(result.stderr).toMatch(/\/usr\/specpath-escape.*Read-only file system/);
    expect(existsSync(rootFile)).toBe(false);
    expect(existsSync("/usr/specpath-escape")).toBe(false);
    expect(existsSync(path.join(outside, "x"))).toBe(false);
    expect(existsSync("/tmp/private")).toBe(false);
    expect(readFileSync(path.join(outputDir, "o.txt"), "utf8")).toBe("o\n");
  });

  it("cannot open a network connection; with network (setup), still none to this machine", async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections++;
      socket.on("error", () => undefined);
      socket.end("hello\n");
    });
    // All interfaces, as a web server started without HOST listens: loopback and the host's own addresses.
    await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
    const port = (server.address() as net.AddressInfo).port;
    const hostAddress = Object.values(os.networkInterfaces()).flat().find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    const targets = ["127.0.0.1", "10.0.2.2", ...(hostAddress ? [hostAddress] : [])];
    const probe = `for h in ${targets.join(" ")}; do node -e "require('net').connect(${port}, '$h').setTimeout(3000, () => { console.log('$h TIMEOUT'); process.exit(1) }).on('connect', () => { console.log('$h CONNECTED'); process.exit(0) }).on('error', (e) => { console.log('$h', e.code); process.exit(1) })"; done`;
    try {
      const isolated = await run(probe);

      expect(isolated.stdout).not.toMatch(/CONNECTED/);
      expect(isolated.stdout.trim().split("\n")).toHaveLength(targets.length);
      const setup = await run(probe, { network: true });
      expect(setup.stdout).not.toMatch(/CONNECTED/);
      expect(setup.stdout.trim().split("\n")).toHaveLength(targets.length);
      expect(setup.warnings).toEqual(expect.not.arrayContaining([expect.stringMatching(/network/)]));
      expect(connections).toBe(0);
    } finally {
      server.close();
    }
  });

  it("connects every setup's namespace when many start at once", async () => {
    const runs = await Promise.all(Array.from({ length: 10 }, () => run("ip route show default", { network: true, timeoutMs: 30_000 })));
    for (const result of runs) {
      expect(result.warnings).toEqual([]);
      expect(result.stdout).toMatch(/^default via 10\.0\.2\.2 dev tap0/);
    }
  }, 60_000);

  it("shows only what a toolchain needs: no home directory, no studio folder, no /etc secrets; node and python3 run", async () => {
    const studio = process.cwd();
    const result = await run(
      [
        "ls /root && echo LISTED_ROOT",
        "cat /root/.bashrc && echo READ_BASHRC",
        `ls ${studio} && echo LISTED_STUDIO`,
        `cat ${path.join(studio, "package.json")} && echo READ_STUDIO`,
        "ls /work /home && echo LISTED_WORK",
        "test -s /etc/shadow && echo READ_SHADOW",
        "ls /etc/ssl/private/* && echo READ_TLS_KEYS",
        "node --version",
        "python3 --version",
        "cat /etc/hostname > /dev/null && echo ETC_OK",
      ].join("; "),
    );
    expect(result.stdout).not.toMatch(/LISTED_|READ_/);
    expect(result.stdout).toMatch(/^v\d+\.\d+\.\d+$/m);
    expect(result.stdout).toMatch(/^Python 3\.\d+/m);
    expect(result.stdout).toMatch(/ETC_OK/);
  });

  it("hides the directories it is told to hide, inside what it shows", async () => {
    const mirror = await mkdtemp("/var/tmp/specpath-mirror-");
    try {
      await mkdir(path.join(mirror, "secrets"));
      await writeFile(path.join(mirror, "secrets", "token"), "s3cret");
      const command = `cat ${mirror}/secrets/token || echo HIDDEN`;
      expect((await run(command, { readOnly: [mirror] })).stdout).toBe("s3cret");
      expect((await run(command, { readOnly: [mirror], hide: [path.join(mirror, "secrets")] })).stdout).toBe("HIDDEN\n");
      expect((await run(`ls /var/tmp || echo UNLISTED`)).stdout).toBe("UNLISTED\n");
    } finally {
      await rm(mirror, { recursive: true, force: true });
    }
  });

  it("does not pass the worker's environment in", async () => {
    process.env.SPECPATH_TEST_SECRET = "database-password";
    try {
      const result = await run('echo "${SPECPATH_TEST_SECRET:-absent} $HOME"', { env: () => ({ EXTRA: "x" }) });
      expect(result.stdout).toBe("absent /tmp\n");
    } finally {
      delete process.env.SPECPATH_TEST_SECRET;
    }
  });

  it("bounds a private tmpfs /tmp by the disk quota when no host directory is given", async () => {
    const result = await run("df -k /tmp | tail -1", { limits: { diskBytes: 64 * 1024 * 1024 } });
    expect(result.stdout.trim().split(/\s+/)[1]).toBe(String(64 * 1024));
  });

  it("applies the per-process limits, soft and hard: CPU seconds, file size, no core files", async () => {
    const result = await run("for o in t f c; do echo $(ulimit -S$o) $(ulimit -H$o); done", { limits: { cpuSeconds: 77, fileSizeBytes: 5 * 1024 * 1024 } });
    expect(result.stdout).toBe("77 77\n10240 10240\n0 0\n");
  });

  it("passes the machine's TLS trust settings only to a run with network (every node start would parse the CA bundle)", async () => {
    const previous = process.env.NODE_EXTRA_CA_CERTS;
    process.env.NODE_EXTRA_CA_CERTS = "/etc/hostname";
    try {
      const offline = await run('echo "${NODE_EXTRA_CA_CERTS:-absent}"');
      expect(offline.stdout).toBe("absent\n");
      const online = await run('echo "${NODE_EXTRA_CA_CERTS:-absent}"', { network: "host" });
      expect(online.stdout).toBe("/etc/hostname\n");
    } finally {
      if (previous === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = previous;
    }
  });

  it("kills the whole process tree on timeout", async () => {
    const beat = path.join(workspace, "beat");
    const started = Date.now();
    const result = await run("(while :; do echo x >> beat; sleep 0.05; done) & sleep 600", { timeoutMs: 700 });
    expect(result.timedOut).toBe(true);
    expect(result.signal).toBe("SIGKILL");
    expect(Date.now() - started).toBeLessThan(5_000);
    const size = statSync(beat).size;
    expect(size).toBeGreaterThan(0);
    await sleep(400);
    expect(statSync(beat).size).toBe(size);
  });

  it.runIf(enforced.memory)("stops a memory hog at its limit and keeps the caller alive", async () => {
    const hog = "node -e \"const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1))\"";
    const result = await run(hog, { limits: { memoryBytes: 200 * 1024 * 1024 } });
    expect(result.exitCode).not.toBe(0);
    expect(result.timedOut).toBe(false);
    expect(result.limitsHit).toContain("memory");
    const after = await run("echo still here");
    expect(after.stdout).toBe("still here\n");
  });

  it.runIf(enforced.processes)("bounds the number of processes, even for root", async () => {
    const result = await run("ok=0; for i in $(seq 60); do sleep 5 & ok=$((ok+1)); done; echo started", {
      limits: { maxProcesses: 20 },
    });
    expect(result.limitsHit).toContain("processes");
    expect(result.stderr).toMatch(/fork|Resource temporarily unavailable/i);
  });

  it("stops a run that writes past its disk quota, counting the workspace, the output and /tmp together", async () => {
    const tmpDir = path.join(base, `tmp-${randomUUID()}`);
    await mkdir(tmpDir);
    const limits = { diskBytes: 24 * 1024 * 1024 };
    // 10 MiB each: no single place is over the quota, together they are.
    const write = (where: string) => `head -c 10485760 /dev/zero > ${where}`;
    const result = await run(
      [write("w.bin"), write('"$SPECPATH_OUTPUT/o.bin"'), write("/tmp/t.bin"), "sleep 5", "echo SURVIVED"].join(" && "),
      { tmpDir, limits },
    );
    expect(result.limitsHit).toEqual(["disk"]);
    expect(result.stdout).not.toMatch(/SURVIVED/);
    expect(result.durationMs).toBeLessThan(4_000);
    expect(result.warnings.join("\n")).toMatch(/disk limit reached \(25165824 bytes written to the workspace, output and \/tmp together\)/);
    expect(statSync(path.join(tmpDir, "t.bin")).size).toBe(10485760); // /tmp really was the host directory

    const within = await run([write("w2.bin"), "echo FITS"].join(" && "), { tmpDir, limits: { diskBytes: 64 * 1024 * 1024 } });
    expect(within).toMatchObject({ limitsHit: [], stdout: "FITS\n" });
  });

  it.runIf(enforced.cpu)("bounds the CPU share of a fork-heavy run", async () => {
    // Four busy loops for 1.5 s of wall time under a tenth of a core: at most ~0.15 s of CPU
    // (without the quota, ~3 s on two idle cores, and still ~0.9 s on this machine under a load of 6).
    const result = await run("for i in 1 2 3 4; do timeout 1.5 sh -c 'while :; do :; done' & done; wait; times", {
      limits: { cpuCores: 0.1 },
    });
    const [, children] = result.stdout.trim().split("\n");
    const seconds = (children ?? "").split(/\s+/).map((t) => {
      const m = /^(\d+)m([\d.]+)s$/.exec(t);
      return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
    });
    const cpu = seconds.reduce((a, b) => a + b, 0);
    expect(cpu).toBeGreaterThan(0.02);
    expect(cpu).toBeLessThan(0.35);
  });

  it("mounts an overlay for the command only: changes land in the upper layer, the lower one stays as it was", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "specpath-overlay-"));
    const layers = { lower: path.join(dir, "lower"), upper: path.join(dir, "upper"), work: path.join(dir, "work") };
    for (const d of [path.join(layers.lower, "src"), layers.upper, layers.work, path.join(dir, "mnt")]) await mkdir(d, { recursive: true });
    await writeFile(path.join(layers.lower, "src", "a.js"), "prepared\n");
    try {
      const result = await run("cat src/a.js && echo changed > src/a.js && mv src lib && touch new && ls", {
        workspace: path.join(dir, "mnt"),
        overlay: layers,
      });
      expect(result).toMatchObject({ exitCode: 0, stdout: "prepared\nlib\nnew\n" });
      expect(readFileSync(path.join(layers.lower, "src", "a.js"), "utf8")).toBe("prepared\n");
      expect(readFileSync(path.join(layers.upper, "lib", "a.js"), "utf8")).toBe("changed\n");
      expect(readdirSync(path.join(dir, "mnt"))).toEqual([]); // the mount lived in the command's own namespace
      expect(readFileSync("/proc/self/mountinfo", "utf8")).not.toContain(path.join(dir, "mnt"));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("hands a control channel to the command: its first line, and 'ready' restarts the clock", async () => {
    const result = await run("sleep 0.3; printf 'ready\\n' >&3; exec sh -c 'sleep 0.5; echo late >&3; echo done' 3>&-", {
      control: { setupTimeoutMs: 1_000 },
      timeoutMs: 700,
    });
    expect(result).toMatchObject({ timedOut: false, exitCode: 0, stdout: "done\n" });
    expect(result.control?.text).toBe("ready\n");
    expect(result.control?.readyMs).toBeGreaterThan(250);
    expect(result.stderr).toMatch(/Bad file descriptor|can't create|cannot create/i);
    const stuck = await run("sleep 5", { control: { setupTimeoutMs: 300 }, timeoutMs: 60_000 });
    expect(stuck).toMatchObject({ timedOut: true, control: { text: "", readyMs: null } });
  });

  it("keeps the head and tail of output over the cap", async () => {
    const result = await run("echo FIRST; head -c 200000 /dev/zero | tr '\\0' x; echo; echo LAST", { outputCapBytes: 1024 });
    expect(result.stdout.startsWith("FIRST\n")).toBe(true);
    expect(result.stdout.endsWith("LAST\n")).toBe(true);
    expect(result.stdout).toMatch(/bytes omitted/);
    expect(result.stdout.length).toBeLessThan(1200);
  });
});

describe("runSandboxed without a sandbox", () => {
  it("runs a plain subprocess with a visible unsandboxed warning", async () => {
    const result = await run("echo plain", { backend: "none" });
    expect(result).toMatchObject({ sandbox: "none", stdout: "plain\n", exitCode: 0 });
    expect(result.warnings.join("\n")).toMatch(/^unsandboxed: /m);
  });

  it("still kills the tree on timeout, including a process that left the process group", async () => {
    const result = await run(
      "setsid sh -c 'while :; do echo x >> beat-none; sleep 0.05; done' & sleep 600",
      { backend: "none", timeoutMs: 700 },
    );
    expect(result.timedOut).toBe(true);
    const beat = path.join(workspace, "beat-none");
    const size = statSync(beat).size;
    await sleep(400);
    expect(statSync(beat).size).toBe(size);
  });
});

describe("runSandboxed with an image", () => {
  it("fails clearly when no container engine answers", async ({ skip }) => {
    if (await containerEngine()) skip();
    await writeFile(path.join(workspace, "f"), "");
    await expect(run("true", { image: "node:20" })).rejects.toThrow(RunnerError);
    await expect(run("true", { image: "node:20" })).rejects.toThrow(/neither podman nor docker/);
  });
});
