import "server-only";
// Test data through the real data layer. Each factory returns what it made.
import crypto from "node:crypto";
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { db } from "../db/client";
import { hashPassword } from "../auth/password";

const unique = () => crypto.randomBytes(4).toString("hex");

export async function makeUser(roles: ("admin" | "lead" | "curator" | "reviewer")[], password = "password-123") {
  const id = unique();
  return db().user.create({
    data: { email: `${roles.join("-") || "nobody"}-${id}@test.local`, name: `User ${id}`, roles, passwordHash: await hashPassword(password) },
  });
}

export async function makeSuite(name = `suite-${unique()}`) {
  return db().suite.create({ data: { name } });
}

export async function makeFamily(overrides: { suiteId?: string; curatorIds?: string[] } = {}) {
  const suiteId = overrides.suiteId ?? (await makeSuite()).id;
  return db().taskFamily.create({
    data: {
      suiteId,
      title: `Family ${unique()}`,
      repo: "/tmp/none",
      baseCommit: "a".repeat(40),
      mergeCommit: crypto.randomBytes(20).toString("hex"),
      curators: { create: (overrides.curatorIds ?? []).map((userId) => ({ userId })) },
    },
  });
}

export async function makeAtom(familyId: string, key: string, fields: Partial<{ statement: string; role: "final" | "fixed" | "temporary" }> = {}) {
  return db().atom.create({
    data: { familyId, key, statement: fields.statement ?? `Behaviour ${key}`, role: fields.role ?? "final", status: "accepted" },
  });
}

/** A session cookie exactly as next-auth issues it, for calling route handlers directly. */
export async function sessionCookie(userId: string): Promise<string> {
  const token = await encode({ token: { sub: userId }, secret: process.env.NEXTAUTH_SECRET! });
  return `next-auth.session-token=${token}`;
}

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Calls an App Router handler the way Next does; returns status and parsed JSON. */
export async function callRoute(
  handler: Handler,
  options: { method?: string; path?: string; userId?: string; body?: unknown; rawBody?: string; params?: Record<string, string> } = {},
) {
  const headers = new Headers();
  if (options.userId) headers.set("cookie", await sessionCookie(options.userId));
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers.set("content-type", "application/json");
  const req = new NextRequest(new URL(options.path ?? "/api/test", "http://localhost:3000"), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const res = await handler(req, { params: Promise.resolve(options.params ?? {}) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { error?: string; fieldErrors?: Record<string, string[]> } };
}
