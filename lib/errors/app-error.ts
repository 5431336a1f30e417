// Pure: one error type for everything a person should read; mapped to HTTP in one place
// (lib/http/respond.ts). `detail` is for logs only and never reaches the browser.
export type AppErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "INVALID_INPUT"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "UNPROCESSABLE"
  | "TOO_MANY_REQUESTS"
  | "UNAVAILABLE"
  | "INTERNAL";

export const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  INVALID_INPUT: 400,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly extra: { fieldErrors?: FieldErrors; current?: unknown; detail?: unknown } = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const notFound = (what: string, id: string) => new AppError("NOT_FOUND", `${what} ${id} does not exist.`);

/** The optimistic-concurrency failure: the caller's copy is stale. */
export const staleVersion = (what: string, current: unknown) =>
  new AppError("CONFLICT", `${what} was changed by someone else; reload to see the current version.`, { current });

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The database is unavailable right now (it is being restarted or cannot be reached); try again in a few seconds.";
export const databaseUnavailable = () => new AppError("UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE);
