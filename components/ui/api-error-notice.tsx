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
      <p style={{ margin: "4px 0" }}>{headline}</p>
      {hunk ? (
        <>
          {fields[`${field}.git`] && <pre className="mono" data-testid="git-message">{fields[`${field}.git`]![0]}</pre>}
          <p className="muted" style={{ margin: "4px 0" }}>Failing hunk:</p>
          <pre className="mono" data-testid="failing-hunk" style={{ background: "#fff5f5", padding: 8, overflowX: "auto" }}>{hunk}</pre>
        </>
      ) : (
        rest.length > 0 && <pre className="mono">{rest.join("\n\n")}</pre>
      )}
    </div>
  );
}

export const isConflict = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409 && error.current !== undefined;
