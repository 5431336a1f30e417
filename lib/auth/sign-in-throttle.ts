// Pure: how long a sign-in must wait after failures (README "Sign-in"). A few
// failures are free; then each one doubles the wait, up to a cap. Counted per account
// (since its last successful sign-in) and per client address, over a sliding window.
export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const ACCOUNT_FREE_FAILURES = 5;
export const CLIENT_FREE_FAILURES = 20;
const FIRST_WAIT_MS = 30_000;
const MAX_WAIT_MS = 15 * 60_000;

export type TFailures = { count: number; lastAt: Date | null };

export function waitAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(FIRST_WAIT_MS * 2 ** (failures - free), MAX_WAIT_MS);
}

/** Milliseconds until a sign-in may be tried again (0: now). */
export function signInWaitMs(account: TFailures, client: TFailures, now: Date): number {
  const remaining = (f: TFailures, free: number) => (f.lastAt ? Math.max(0, f.lastAt.getTime() + waitAfter(f.count, free) - now.getTime()) : 0);
  return Math.max(remaining(account, ACCOUNT_FREE_FAILURES), remaining(client, CLIENT_FREE_FAILURES));
}

export function throttledMessage(waitMs: number): string {
  const minutes = Math.ceil(waitMs / 60_000);
  const when = waitMs < 60_000 ? `${Math.ceil(waitMs / 1000)} seconds` : `${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `Too many failed sign-ins; try again in ${when}.`;
}

/**
 * The header the web server sets to the TCP peer of each request (lib/http/peer-address.cjs,
 * loaded into the web server by `npm start`), replacing any value a client sent.
 */
export const PEER_HEADER = "x-studio-peer-address";

type THeaders = Record<string, string | string[] | undefined> | undefined;

/**
 * The client address a sign-in is counted against (README "Sign-in"). The TCP peer, unless
 * the peer is one of the configured proxies (STUDIO_TRUSTED_PROXIES): then the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy. A header from anyone else is
 * ignored, so rotating X-Forwarded-For cannot dodge the per-address limit.
 */
export function clientAddress(headers: THeaders, trustedProxies: readonly string[]): string {
  const pick = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const peer = normalizeAddress(pick(headers?.[PEER_HEADER]) ?? "");
  if (!peer) return "unknown";
  const trusted = new Set(trustedProxies.map(normalizeAddress));
  if (!trusted.has(peer)) return peer.slice(0, 64);
  const hops = (pick(headers?.["x-forwarded-for"]) ?? "").split(",").map(normalizeAddress).filter(Boolean);
  const realIp = normalizeAddress(pick(headers?.["x-real-ip"]) ?? "");
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted.has(hops[i]!)) return hops[i]!.slice(0, 64);
  return (hops[0] ?? (realIp || peer)).slice(0, 64);
}

/** STUDIO_TRUSTED_PROXIES: addresses separated by commas or spaces. */
export function parseTrustedProxies(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).map(normalizeAddress).filter(Boolean);
}

// "::ffff:127.0.0.1" (an IPv4 peer on a dual-stack socket) is 127.0.0.1.
function normalizeAddress(value: string): string {
  const trimmed = value.trim().toLowerCase();
  return trimmed.startsWith("::ffff:") && trimmed.includes(".") ? trimmed.slice(7) : trimmed;
}
