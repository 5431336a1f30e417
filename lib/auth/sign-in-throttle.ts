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

/** The client address from the request headers (the first hop a proxy reports). */
export function clientAddress(headers: Record<string, string | string[] | undefined> | undefined): string {
  const pick = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const forwarded = pick(headers?.["x-forwarded-for"])?.split(",")[0]?.trim();
  const value = forwarded || pick(headers?.["x-real-ip"])?.trim() || "unknown";
  return value.slice(0, 64);
}
