import "server-only";
// While the database is restarting, a worker holding a finished result waits for it
// instead of dropping the result (the run would otherwise stay "running" for ever):
// retries `fn` with backoff for as long as the error says "database unavailable".
import { isDatabaseUnavailable } from "@/lib/errors/database-unavailable";

export async function retryWhileUnavailable<T>(fn: () => Promise<T>, options: { timeoutMs?: number; onRetry?: (error: unknown) => void } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (let delay = 250; ; delay = Math.min(delay * 2, 5000)) {
    try {
      return await fn();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + delay > deadline) throw error;
      options.onRetry?.(error);
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
