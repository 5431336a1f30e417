// Pure: the one sentence a person sees when background work (a run, an import) stops on
// an error nobody wrote for them. A Prisma error's message names server files and the
// query; a stack names paths. Neither reaches curators and leads: they read this sentence,
// and the worker's log keeps the rest (the caller logs the error in full).
import { AppError } from "./app-error";
import { isDatabaseUnavailable } from "./database-unavailable";

const PATH = /(?:[A-Za-z]:)?(?:\/[\w.@+-]+){2,}\/?(?::\d+(?::\d+)?)?/g;

/** "<what> failed …; the details are in the worker's log." — one sentence, no paths. */
export function failureSentence(what: string, error: unknown, log = "the worker's log"): string {
  if (error instanceof AppError) return `${what} failed: ${error.message}`;
  if (isDatabaseUnavailable(error)) return `${what} failed because the database was unavailable; it can be run again.`;
  const { name, code, message } = (error ?? {}) as { name?: unknown; code?: unknown; message?: unknown };
  if (typeof name === "string" && name.startsWith("PrismaClient")) {
    const coded = typeof code === "string" && /^P\d{4}$/.test(code) ? ` (${code})` : "";
    return `${what} failed on an unexpected database error${coded}; the details are in ${log}.`;
  }
  const first = typeof message === "string" ? message.split("\n").map((l) => l.trim()).find(Boolean) ?? "" : "";
  const plain = first.replace(PATH, "(path)").replace(/\s+/g, " ").slice(0, 200).replace(/[.;:,\s]+$/, "");
  return plain ? `${what} failed: ${plain}; the details are in ${log}.` : `${what} failed on an unexpected error; the details are in ${log}.`;
}
