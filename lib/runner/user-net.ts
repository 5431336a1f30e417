import "server-only";
// Network for setup commands (npm ci, pip install) that cannot reach this
// machine: the sandbox gets its own network namespace (bwrap --unshare-net),
// and slirp4netns gives it outbound connections through a user-mode TCP/IP
// stack — with --disable-host-loopback, so 10.0.2.2 does not lead to the
// host's 127.0.0.1 (the studio's web port, its PostgreSQL), and with
// "unreachable" routes inside the namespace for each of the host's own
// addresses (a service bound to 0.0.0.0 answers on those too) and for
// link-local addresses (cloud metadata services). The routes are set by
// the worker before the command starts; the command holds no capabilities,
// so it cannot change them. Test commands never get any network.
//
// Without slirp4netns, setup runs with no network at all, unless the admin
// explicitly allows the host's network (SPECPATH_SETUP_HOST_NETWORK=1); every
// such run carries a warning (sandbox.ts).

import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findExecutable, runHost } from "./host";
import type { NetworkMode } from "./sandbox-args";

/** The address slirp4netns answers DNS on inside the namespace. */
const SLIRP_DNS = "10.0.2.3";

export interface NetworkChoice {
  mode: NetworkMode;
  warning: string | null;
}

/** How a command that asked for network gets it on this worker. */
export function chooseNetwork(
  requested: boolean,
  allowHostNetwork = process.env.SPECPATH_SETUP_HOST_NETWORK === "1",
  stackAvailable = Boolean(findExecutable("slirp4netns") && findExecutable("nsenter") && findExecutable("ip")),
): NetworkChoice {
  if (!requested) return { mode: "none", warning: null };
  if (stackAvailable) return { mode: "namespace", warning: null };
  if (allowHostNetwork) {
    return { mode: "host", warning: "setup used the host's network (SPECPATH_SETUP_HOST_NETWORK=1): it could reach services on this machine, the studio's included" };
  }
  return {
    mode: "none",
    warning: "setup ran without network: no user-mode network stack (slirp4netns, nsenter, ip) on this worker; install slirp4netns, or set SPECPATH_SETUP_HOST_NETWORK=1 to allow the host's network",
  };
}

export interface UserNet {
  /** Why the namespace has no outbound network after all; null when it has. */
  failure: string | null;
  stop(): void;
}

/** Connects the network namespace of `pid` (bwrap's sandbox init) to the outside through slirp4netns. */
export async function startUserNet(pid: number, timeoutMs = 10_000): Promise<UserNet> {
  const deadline = performance.now() + timeoutMs;
  let failure = "no answer";
  // A failed start (the machine under load) is retried for a little while.
  for (let pause = 25; performance.now() < deadline; pause = Math.min(pause * 2, 400)) {
    const attempt = await startSlirp(pid, deadline - performance.now());
    if (attempt.ok) {
      const configured = await configureNamespace(pid);
      if (!configured) return { failure: null, stop: attempt.stop };
      attempt.stop();
      return { failure: configured, stop: () => undefined };
    }
    failure = attempt.failure;
    if (attempt.timedOut) break;
    await sleep(pause);
  }
  return { failure: `slirp4netns did not start: ${failure}`, stop: () => undefined };
}

type SlirpStart = { ok: true; stop: () => void } | { ok: false; failure: string; timedOut: boolean };

async function startSlirp(pid: number, timeoutMs: number): Promise<SlirpStart> {
  const slirp4netns = findExecutable("slirp4netns") as string;
  // fd 3: "ready" once the interface is configured; fd 4: slirp4netns exits when it closes (with this worker, at the latest).
  const child: ChildProcess = spawn(
    slirp4netns,
    // Not --configure: it would bring lo up too, racing bwrap, which does that itself.
    // The namespace by path: given a pid, slirp4netns would also join that process's user
    // namespace — bwrap's nested one (--disable-userns) once it exists — and then lack the
    // right to enter a network namespace owned by the outer one (setns EPERM).
    ["--mtu=65520", "--disable-host-loopback", "--enable-sandbox", "--ready-fd=3", "--exit-fd=4", "--netns-type=path", `/proc/${pid}/ns/net`, "tap0"],
    { stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"] },
  );
  let stderr = "";
  for (const stream of child.stdio) stream?.on("error", () => undefined);
  child.stderr?.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const stop = () => {
    (child.stdio[4] as NodeJS.WritableStream | null)?.end();
    child.kill("SIGKILL");
  };
  const outcome = await Promise.race([
    new Promise<"ready">((resolve) => (child.stdio[3] as NodeJS.ReadableStream).once("data", () => resolve("ready"))),
    // "close", not "exit": the streams are read to their end, so the error message is all there.
    new Promise<"exited">((resolve) => child.once("close", () => resolve("exited"))),
    new Promise<"exited">((resolve) => child.once("error", () => resolve("exited"))),
    sleep(Math.max(0, timeoutMs)).then(() => "timeout" as const),
  ]);
  if (outcome === "ready") return { ok: true, stop };
  stop();
  return { ok: false, failure: stderr.trim().replace(/\s*child failed\(1\)$/, "") || "no answer", timedOut: outcome === "timeout" };
}

/** The host's own addresses (a service on 0.0.0.0 answers on them) and link-local ones, unreachable from the namespace. */
export function blockedDestinations(): string[] {
  const own = Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && a.family === "IPv4" && !a.internal)
    .map((a) => `${a!.address}/32`);
  return [...new Set([...own, "169.254.0.0/16"])];
}

/** slirp4netns' addresses on tap0 (its defaults: 10.0.2.100, gateway 10.0.2.2), then the fence. */
async function configureNamespace(pid: number): Promise<string | null> {
  const script = [
    "ip link set tap0 mtu 65520 up",
    "ip addr add 10.0.2.100/24 dev tap0",
    "ip route add default via 10.0.2.2 dev tap0",
    'for a; do ip route add unreachable "$a" || exit 1; done',
  ].join(" && ");
  const result = await runHost(findExecutable("nsenter") as string, [`--net=/proc/${pid}/ns/net`, "--", "/bin/sh", "-c", script, "specpath-net", ...blockedDestinations()], {
    timeoutMs: 10_000,
  });
  return result.code === 0 ? null : `cannot configure the namespace's network: ${result.stderr.trim()}`;
}

let resolvProbe: Promise<{ source: string; target: string } | null> | null = null;

/**
 * When the host's resolver is on its loopback (systemd-resolved's 127.0.0.53),
 * the namespace cannot reach it; slirp4netns forwards DNS on 10.0.2.3 instead.
 * Returns the resolv.conf to bind over the host's then, else null (the host's works).
 */
export function namespaceResolvConf(): Promise<{ source: string; target: string } | null> {
  resolvProbe ??= (async () => {
    const text = await readFile("/etc/resolv.conf", "utf8").catch(() => "");
    const servers = [...text.matchAll(/^\s*nameserver\s+(\S+)/gm)].map((m) => m[1] as string);
    if (servers.length > 0 && !servers.some((s) => s.startsWith("127.") || s === "::1")) return null;
    const dir = await mkdtemp(path.join(os.tmpdir(), "specpath-net-"));
    const source = path.join(dir, "resolv.conf");
    await writeFile(source, `nameserver ${SLIRP_DNS}\n`);
    return { source, target: "/etc/resolv.conf" };
  })();
  return resolvProbe;
}
