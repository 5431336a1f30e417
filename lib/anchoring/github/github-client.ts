import "server-only";
import { Octokit } from "@octokit/rest";
import type { TGithubImportCursor } from "./github-schema";

/** Time, injectable so tests never wait for a real rate-limit window. */
export interface TClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: TClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export type TGithubImportErrorCode = "invalid_request" | "unauthorized" | "forbidden" | "not_found" | "rate_limited" | "failed";

export class GithubImportError extends Error {
  readonly code: TGithubImportErrorCode;
  /** Where to resume: everything before it was imported. */
  readonly cursor: TGithubImportCursor | null;
  constructor(code: TGithubImportErrorCode, message: string, cursor: TGithubImportCursor | null = null) {
    super(message);
    this.name = "GithubImportError";
    this.code = code;
    this.cursor = cursor;
  }
}

export interface GithubClientOptions {
  auth?: string;
  baseUrl?: string;
  clock?: TClock;
  /** Told before each wait, e.g. "waiting for GitHub rate limit until 14:05". */
  onWait?: (message: string) => void;
  /** How often one request may wait out a rate limit before giving up. */
  maxRateLimitWaits?: number;
}

const SAFETY_MARGIN_MS = 1000;

/** Octokit's RequestError, read by shape so we depend on @octokit/rest alone. */
interface THttpError {
  status: number;
  message: string;
  response?: { headers?: Record<string, unknown>; data?: unknown };
}

export function asHttpError(error: unknown): THttpError | null {
  return error instanceof Error && typeof (error as Partial<THttpError>).status === "number" ? (error as unknown as THttpError) : null;
}

/**
 * An Octokit that waits out GitHub's rate limits: after a response with no requests left, the
 * next request waits until x-ratelimit-reset; a 403/429 rate-limit answer is retried after the
 * wait (x-ratelimit-reset, or retry-after for secondary limits).
 */
export function createGithubClient(options: GithubClientOptions = {}): Octokit {
  const clock = options.clock ?? systemClock;
  const maxWaits = options.maxRateLimitWaits ?? 3;
  const quiet = { debug() {}, info() {}, warn() {}, error() {} };
  const octokit = new Octokit({ auth: options.auth, baseUrl: options.baseUrl, log: quiet });
  let blockedUntil = 0;

  const remember = (headers: Record<string, unknown> | undefined) => {
    if (headers?.["x-ratelimit-remaining"] === "0") blockedUntil = Number(headers["x-ratelimit-reset"]) * 1000;
  };

  octokit.hook.wrap("request", async (request, requestOptions) => {
    for (let waits = 0; ; waits++) {
      const waitMs = blockedUntil - clock.now();
      if (waitMs > 0) {
        options.onWait?.(`waiting for GitHub rate limit until ${clockTime(blockedUntil)}`);
        await clock.sleep(waitMs + SAFETY_MARGIN_MS);
      }
      blockedUntil = 0;
      try {
        const response = await request(requestOptions);
        remember(response.headers as Record<string, unknown>);
        return response;
      } catch (error) {
        const http = asHttpError(error);
        const until = http ? rateLimitedUntil(http, clock.now()) : null;
        if (until === null) throw error;
        if (waits >= maxWaits) {
          throw new GithubImportError("rate_limited", `GitHub's rate limit is still exhausted after ${maxWaits} waits`);
        }
        blockedUntil = until;
      }
    }
  });
  return octokit;
}

function rateLimitedUntil(error: THttpError, now: number): number | null {
  if (error.status !== 403 && error.status !== 429) return null;
  const headers = (error.response?.headers ?? {}) as Record<string, unknown>;
  if (headers["x-ratelimit-remaining"] === "0" && headers["x-ratelimit-reset"] !== undefined) {
    return Number(headers["x-ratelimit-reset"]) * 1000;
  }
  if (headers["retry-after"] !== undefined) return now + Number(headers["retry-after"]) * 1000;
  return null;
}

/** HH:MM in the server's local time. */
export function clockTime(ms: number): string {
  const date = new Date(ms);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

/** Turns GitHub's refusals into errors a curator can act on. */
export function toImportError(error: unknown, repo: string, cursor: TGithubImportCursor | null): GithubImportError {
  if (error instanceof GithubImportError) return new GithubImportError(error.code, error.message, cursor);
  const http = asHttpError(error);
  if (http) {
    const said = (http.response?.data as { message?: string } | undefined)?.message ?? http.message;
    if (http.status === 401) return new GithubImportError("unauthorized", `GitHub rejected the token (401 ${said}); check that it is valid and not expired`, cursor);
    if (http.status === 403) return new GithubImportError("forbidden", `the token has no access to ${repo} (403 ${said})`, cursor);
    if (http.status === 404) return new GithubImportError("not_found", `${repo} was not found, or the token cannot see it (404)`, cursor);
    return new GithubImportError("failed", `GitHub answered ${http.status} for ${repo}: ${said}`, cursor);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new GithubImportError("failed", `could not reach GitHub for ${repo}: ${message}`, cursor);
}
