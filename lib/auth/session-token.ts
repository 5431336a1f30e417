import "server-only";
// The session cookie's JWT, decrypted once per cookie rather than once per request (issue 24:
// under 50 connections every API request paid next-auth's key derivation and A256GCM decryption
// again for the same cookie). A cookie's token never changes — a refreshed session is a new
// cookie — so what it decrypts to is cached by the token itself; its expiry is checked on every
// hit, with the clock tolerance next-auth's own decode allows.
import { decode, type JWT, type JWTDecodeParams } from "next-auth/jwt";

/** next-auth's decode tolerates 15 s of clock skew; a cached token gets no more. */
const CLOCK_TOLERANCE_S = 15;
const MAX_ENTRIES = 10_000;

type Cache = Map<string, { secret: string; payload: JWT }>;
// On globalThis: route handlers and server components are separate bundles in one process.
const key = Symbol.for("specpath.sessionTokenCache");
function cache(): Cache {
  const holder = globalThis as unknown as Record<symbol, Cache | undefined>;
  holder[key] ??= new Map();
  return holder[key];
}

const expired = (payload: JWT, nowS: number) => typeof payload.exp === "number" && payload.exp + CLOCK_TOLERANCE_S < nowS;

/** A drop-in for next-auth's `decode` (getToken's `decode` option): null for a token that does not decrypt or has expired. */
export async function decodeSessionToken(params: JWTDecodeParams): Promise<JWT | null> {
  const { token } = params;
  if (!token) return null;
  const secret = String(params.secret);
  const entries = cache();
  const nowS = Date.now() / 1000;
  const hit = entries.get(token);
  if (hit && hit.secret === secret) {
    if (!expired(hit.payload, nowS)) return hit.payload;
    entries.delete(token);
    return null;
  }
  const payload = await decode(params).catch(() => null); // a forged or tampered token, another secret
  if (!payload || expired(payload, nowS)) return null;
  if (entries.size >= MAX_ENTRIES) entries.clear();
  entries.set(token, { secret, payload: Object.freeze(payload) });
  return payload;
}
