import "server-only";
import { z } from "zod";
import { AppError, type FieldErrors } from "@/lib/errors/app-error";
import { fromPrismaError } from "@/lib/db/prisma-errors";

const replacer = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

export function json(data: unknown, status = 200): Response {
  return jsonText(toJsonText(data), status);
}

/** The JSON text json() answers with, for a route that keeps it (lib/families/fingerprint-cache.ts). */
export const toJsonText = (data: unknown): string => JSON.stringify(data, replacer);

/** A response of JSON text already serialized by toJsonText. */
export function jsonText(text: string, status = 200): Response {
  return new Response(text, { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" } });
}

/** zod issues → `{ "field.path": [messages] }` so a form can show them beside their field. */
export function fieldErrorsOf(error: z.ZodError, prefix?: string): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join(".") || "(root)";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export function invalidInput(error: z.ZodError, where: string): AppError {
  const fieldErrors = fieldErrorsOf(error);
  const named = Object.entries(fieldErrors)
    .slice(0, 3)
    .map(([field, messages]) => `${field}: ${messages[0]}`)
    .join("; ");
  return new AppError("INVALID_INPUT", `Invalid ${where} — ${named}`, { fieldErrors });
}

/** The single mapping from any thrown value to an HTTP response `{ error, fieldErrors?, current? }`. */
export function errorResponse(thrown: unknown): Response {
  const error = fromPrismaError(thrown);
  if (error instanceof AppError) {
    const body: Record<string, unknown> = { error: error.message, code: error.code };
    if (error.extra.fieldErrors) body.fieldErrors = error.extra.fieldErrors;
    if (error.extra.current !== undefined) body.current = error.extra.current;
    return json(body, error.status);
  }
  console.error("[studio] unexpected error", error);
  return json({ error: "Something went wrong on the server; the details are in the server log.", code: "INTERNAL" }, 500);
}
