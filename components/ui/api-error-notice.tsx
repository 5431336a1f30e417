"use client";
import { ApiError } from "@/lib/http/api-client";

/** A server refusal as a person reads it: the message, and git's words or the failing hunk when the server sent them. */
export function ApiErrorNotice({ error, field }: { error: unknown; field?: string }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const fields = error instanceof ApiError ? error.fieldErrors : {};
  const hunk = field ? fields[`${field}.hunk`]?.[0] : undefined;
  const [headline, ...rest] = message.split("\n\n");
  return (
    <div className="error" role="alert">
      <p className="my4">{headline}</p>
      {hunk ? (
        <>
          {fields[`${field}.git`] && <pre className="mono" data-testid="git-message">{fields[`${field}.git`]![0]}</pre>}
          <p className="muted my4">Failing hunk:</p>
          <pre className="mono" data-testid="failing-hunk" style={{ background: "#fff5f5", padding: 8, overflowX: "auto" }}>{hunk}</pre>
        </>
      ) : (
        rest.length > 0 && <pre className="mono">{rest.join("\n\n")}</pre>
      )}
    </div>
  );
}

/** A refusal because the family is frozen (its 409 names the package), not a concurrent edit. */
export const isFrozenRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409 && ((typeof error.current === "object" && error.current !== null && "packageHash" in error.current) || /\bfrozen\b/i.test(error.message));

/** A concurrent edit (409 with the current row): the form offers to load it or keep the edits. A frozen family is never one. */
export const isConflict = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409 && error.current !== undefined && !isFrozenRefusal(error);
