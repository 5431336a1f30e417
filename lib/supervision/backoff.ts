// Pure: how long `npm start` waits before restarting a child that exited, and when
// it gives up. A child that ran for a while before crashing starts over at the short delay.
export const STABLE_AFTER_MS = 60_000;
export const MAX_FAST_RESTARTS = 8;

export function restartDelayMs(attempt: number): number {
  return Math.min(500 * 2 ** Math.max(0, attempt - 1), 30_000);
}

/** The next attempt number after an exit, given how long the child had been up. */
export function nextAttempt(previousAttempt: number, uptimeMs: number): number {
  return uptimeMs >= STABLE_AFTER_MS ? 1 : previousAttempt + 1;
}

export function describeExit(code: number | null, signal: string | null): string {
  if (signal) return `killed by ${signal}`;
  return `exit code ${code ?? "unknown"}`;
}
