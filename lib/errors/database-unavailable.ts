// Pure: is a thrown value "the database cannot be reached right now" (refused,
// restarting, connection cut), as opposed to a bug? Such errors answer 503.
const CODES = new Set([
  "P1001", // can't reach database server
  "P1002", // server reached but timed out
  "P1008", // operation timed out
  "P1017", // server closed the connection
  "P2024", // timed out waiting for a pool connection
  "P2037", // too many connections
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin shutdown
  "57P02", // crash shutdown
  "57P03", // cannot connect now (starting up / recovering)
  "08000",
  "08001",
  "08003",
  "08006",
]);
const MESSAGES =
  /Can't reach database server|ECONNREFUSED|ECONNRESET|Connection terminated|terminating connection|database system is (starting up|shutting down|in recovery|not yet accepting)|Server has closed the connection|connection (was )?closed|Connection ended unexpectedly|timeout exceeded when trying to connect|DatabaseNotReachable|ConnectionClosed/i;

export function isDatabaseUnavailable(thrown: unknown, depth = 0): boolean {
  if (!thrown || typeof thrown !== "object" || depth > 5) return false;
  const error = thrown as { code?: unknown; errorCode?: unknown; name?: unknown; message?: unknown; cause?: unknown; meta?: unknown; errors?: unknown };
  if (error.name === "PrismaClientInitializationError") return true;
  if (error.message === "fetch failed") return false; // an HTTP call (GitHub, a model endpoint), not the database
  for (const code of [error.code, error.errorCode]) if (typeof code === "string" && CODES.has(code)) return true;
  if (typeof error.message === "string" && MESSAGES.test(error.message)) return true;
  const meta = error.meta as { driverAdapterError?: unknown } | undefined;
  if (meta?.driverAdapterError && isDatabaseUnavailable(meta.driverAdapterError, depth + 1)) return true;
  if (Array.isArray(error.errors) && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
