import "server-only";
import type { NextRequest } from "next/server";
import { getToken } from "next-auth/jwt";
import { loadSessionUser, type TSessionUser } from "./current-user";
import { decodeSessionToken } from "./session-token";

/**
 * The signed-in user of a request, from its session cookie, or null. One way for the API's
 * route guard and the page proxy: the cookie decrypted once per token (session-token.ts),
 * the user and roles looked up once per user per 2 s (current-user.ts).
 */
export async function requestUser(req: NextRequest): Promise<TSessionUser | null> {
  const token = await getToken({ req, secret: process.env.NEXTAUTH_SECRET, decode: decodeSessionToken });
  return loadSessionUser(token?.sub);
}
