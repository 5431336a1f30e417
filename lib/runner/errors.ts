// Pure: failures of the runner's own machinery (not of the code under test, which
// are run outcomes). execute.ts turns these into `infrastructure_error` data.

export type RunnerErrorCode =
  | "not_a_repository"
  | "clone_failed"
  | "commit_not_found"
  | "fetch_failed"
  | "not_mirrored"
  | "git_failed"
  | "setup_failed"
  | "sandbox_unavailable"
  | "lock_timeout";

export class RunnerError extends Error {
  constructor(
    readonly code: RunnerErrorCode,
    message: string,
    /** Tool output behind the failure (git's stderr, the setup log). */
    readonly log: string = "",
  ) {
    super(message);
    this.name = "RunnerError";
  }
}
