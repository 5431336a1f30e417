import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { AppError } from "@/lib/errors/app-error";
import type { TSessionUser } from "@/lib/auth/current-user";
import { requestUser } from "@/lib/auth/request-user";
import { hasAnyRole, type TRole } from "@/lib/auth/roles";
import { errorResponse, invalidInput, json } from "./respond";
import { findBadText } from "./text-rule";

/** Documented limit for JSON bodies (README "Limits"); patch uploads raise it per route. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

type Spec<P, Q, B> = {
  roles: readonly TRole[] | "any";
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  maxBodyBytes?: number;
};

export type RouteContext<P, Q, B> = { req: NextRequest; user: TSessionUser; params: P; query: Q; body: B };

type NextContext = { params: Promise<Record<string, string | string[]>> };

/**
 * The only way a route handler checks access: signed in (401), holds one of the
 * roles (403), input parsed by zod (400 naming the field), errors mapped once.
 */
export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  spec: Spec<P, Q, B>,
  handler: (ctx: RouteContext<P, Q, B>) => Promise<unknown>,
) {
  return async (req: NextRequest, context?: NextContext): Promise<Response> => {
    try {
      const user = await authenticate(req);
      if (!hasAnyRole(user.roles, spec.roles)) {
        throw new AppError("FORBIDDEN", `This needs one of these roles: ${(spec.roles as TRole[]).join(", ")}.`);
      }
      const params = parse(spec.params, (await context?.params) ?? {}, "path parameters") as P;
      const query = parse(spec.query, Object.fromEntries(req.nextUrl.searchParams), "query") as Q;
      const body = spec.body
        ? (parse(spec.body, await readJson(req, spec.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES), "request body") as B)
        : (undefined as B);
      const result = await handler({ req, user, params, query, body });
      if (result instanceof Response) return result;
      return json(result ?? { ok: true }, req.method === "POST" ? 201 : 200);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

async function authenticate(req: NextRequest): Promise<TSessionUser> {
  const user = await requestUser(req);
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in to use this API.");
  return user;
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, where: string): T | unknown {
  // One rule for all text before any schema sees it (lib/http/text-rule.ts).
  const bad = findBadText(value);
  if (bad) {
    throw new AppError("INVALID_INPUT", `Invalid ${where} — ${bad.field}: ${bad.problem}`, { fieldErrors: { [bad.field]: [bad.problem] } });
  }
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw invalidInput(result.error, where);
  return result.data;
}

async function readJson(req: NextRequest, limit: number): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw tooLarge(limit);
  const text = await req.text();
  if (Buffer.byteLength(text) > limit) throw tooLarge(limit);
  if (!text.trim()) throw new AppError("INVALID_INPUT", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("INVALID_INPUT", "The request body is not valid JSON.");
  }
}

const tooLarge = (limit: number) =>
  new AppError("PAYLOAD_TOO_LARGE", `The request body is larger than the ${Math.round(limit / 1024)} KiB limit.`);
