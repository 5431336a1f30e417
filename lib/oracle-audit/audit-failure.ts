// Pure: what a curator reads when an audit cannot finish — one sentence, naming the file
// when a file is to blame, never a stack trace, a database error or a server path.

/** A failure whose cause lies in the family's content (a patch that does not apply, a missing commit). */
export class AuditInputError extends Error {
  constructor(message: string, readonly file: string | null = null) {
    super(message);
    this.name = "AuditInputError";
  }
}

// Absolute paths of the server (temp folders, mirrors, the checkout): what the browser must not see.
const SERVER_PATH = /(?:[A-Za-z]:)?\/(?:[\w.+@-]+\/)+[\w.+@-]*/g;

/** First line(s) of a message, server paths removed, at most 300 characters. */
export function scrubbed(message: string): string {
  const text = message.replace(SERVER_PATH, (p) => (p.startsWith("/tmp/") || p.startsWith("/work/") || p.startsWith("/home/") || p.startsWith("/var/") || p.startsWith("/root/") || p.startsWith("/usr/") ? "…" : p))
    .split("\n").map((l) => l.trim()).filter(Boolean).slice(0, 3).join("; ");
  return text.length > 300 ? `${text.slice(0, 297)}…` : text;
}

export function auditFailureSentence(error: unknown): string {
  if (error instanceof AuditInputError) {
    const body = scrubbed(error.message).replace(/[.;]$/, "");
    return `The audit could not run: ${body}${error.file && !body.includes(error.file) ? ` (${error.file})` : ""}.`;
  }
  const name = error instanceof Error ? error.name : "error";
  return `The audit failed in the worker (${name}); nothing was recorded, the details are in the worker's log, and "Run the audit" tries again.`;
}

/** Why one file could not be read, for its "not audited" line. */
export function unreadableReason(error: unknown): string {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return "it nests too deeply for the audit's parser";
  return `the audit's parser failed on it (${error instanceof Error ? error.name : "error"})`;
}
