// Pure: which import sources the studio may read. A local path (or file://
// URL) must lie under one of the roots an admin lists; a clone URL must use a
// known transport and, unless its host is explicitly allowed, must not lead to
// a loopback, private, link-local or otherwise internal address — so an
// import cannot make the studio read its own files or talk to services on its
// own network (its PostgreSQL, a metadata endpoint) through git.

export interface TSourcePolicy {
  /** Absolute directories (symlinks resolved) a local import may read from. */
  roots: readonly string[];
  /** Host names or addresses a clone URL may use even when they are internal, exactly as typed in the URL (lower case). */
  allowedHosts: readonly string[];
}

export type TSourceTarget =
  | { kind: "path"; path: string }
  | { kind: "url"; scheme: string; host: string };

const CLONE_SCHEMES = new Set(["https", "http", "ssh", "git"]);

/** What a source names: a local path (file:// included) or a host reached by a clone URL; a string error for a transport git should not use. */
export function sourceTarget(source: string): TSourceTarget | string {
  const scp = /^[^/\\@:]+@([^/\\:]+):/.exec(source);
  if (scp) return { kind: "url", scheme: "ssh", host: normalizeHost(scp[1] as string) };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(source)?.[1]?.toLowerCase();
  if (!scheme) {
    if (/^[a-z][a-z0-9+.-]*::/i.test(source)) return "uses a git remote helper (scheme::address), which is not allowed";
    return { kind: "path", path: source };
  }
  if (scheme === "file") {
    let parsed: URL;
    try {
      parsed = new URL(source);
    } catch {
      return "is not a valid file:// URL";
    }
    if (parsed.host !== "" && parsed.host !== "localhost") return "names a file on another machine";
    return { kind: "path", path: decodeURIComponent(parsed.pathname) };
  }
  if (!CLONE_SCHEMES.has(scheme)) return `uses the transport ${scheme}://, which is not allowed (https, http, ssh, git or a local path)`;
  let parsed: URL;
  try {
    parsed = new URL(source);
  } catch {
    return "is not a valid clone URL";
  }
  if (!parsed.hostname) return "names no host";
  return { kind: "url", scheme, host: normalizeHost(parsed.hostname) };
}

function normalizeHost(host: string): string {
  return host.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
}

/** Whether `dir` (absolute, normalized) is one of the roots or inside one. */
export function isUnderRoot(dir: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const base = root.length > 1 ? root.replace(/\/+$/, "") : root;
    return dir === base || dir.startsWith(base === "/" ? "/" : `${base}/`);
  });
}

/**
 * Loopback, private (RFC 1918, unique-local), link-local, carrier-grade NAT,
 * unspecified and other special-purpose addresses, IPv4 and IPv6 (IPv4-mapped
 * included). Anything that is not a literal address is not judged here.
 */
export function isInternalAddress(address: string): boolean {
  const host = normalizeHost(address);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host)?.[1];
  if (mapped) return isInternalAddress(mapped);
  const v4 = parseIPv4(host);
  if (v4) {
    const [a, b] = v4;
    return (
      a === 0 || a === 10 || a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0 && v4[2] === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  if (!host.includes(":")) return false;
  const first = parseInt(host.split(":")[0] || "0", 16);
  return host === "::" || host === "::1" || (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80 || (first & 0xff00) === 0xff00;
}

/** a.b.c.d with each part 0–255 (also the short and numeric forms a URL parser leaves as they are are not accepted here). */
function parseIPv4(host: string): [number, number, number, number] | null {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.map(Number) as [number, number, number, number];
}

export type TSourceVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The decision for a source, given what the I/O side found: for a path, its
 * real location (symlinks resolved); for a URL, the addresses its host
 * resolves to (empty when it did not resolve: git will then fail by itself)
 * and this machine's own addresses.
 */
export function judgeSource(
  target: TSourceTarget,
  policy: TSourcePolicy,
  found: { realPath?: string; addresses?: readonly string[]; ownAddresses?: readonly string[] },
): TSourceVerdict {
  if (target.kind === "path") {
    const real = found.realPath ?? target.path;
    if (isUnderRoot(real, policy.roots)) return { ok: true };
    const listed = policy.roots.length > 0 ? policy.roots.join(", ") : "none";
    return { ok: false, reason: `is not under an allowed import root (an admin lists them in the runtime settings; now: ${listed})` };
  }
  if (policy.allowedHosts.includes(target.host)) return { ok: true };
  if (target.host === "localhost" || target.host.endsWith(".localhost")) return { ok: false, reason: refusal(target.host, "a loopback name") };
  const own = new Set(found.ownAddresses ?? []);
  for (const address of [target.host, ...(found.addresses ?? [])]) {
    if (isInternalAddress(address)) return { ok: false, reason: refusal(target.host, address === target.host ? "an internal address" : `${address}, an internal address`) };
    if (own.has(address)) return { ok: false, reason: refusal(target.host, `${address}, this machine's own address`) };
  }
  return { ok: true };
}

const refusal = (host: string, what: string) =>
  `leads to ${host === what ? what : `${host}, ${what}`}; clone URLs to loopback or private addresses are refused unless an admin allows the host in the runtime settings`;
