import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { z } from "zod";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { verifyPassword } from "./password";
import { DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/errors/app-error";
import { isDatabaseUnavailable } from "@/lib/errors/database-unavailable";
import { recordFailedSignIn } from "./record-failed-sign-in";
import { signInFailures } from "./sign-in-failures";
import { clientAddress, parseTrustedProxies, PEER_HEADER, signInWaitMs, throttledMessage } from "./sign-in-throttle";
import { decodeSessionToken } from "./session-token";

const ZCredentialsSchema = z.object({ email: z.string().trim().toLowerCase().max(320).email(), password: z.string().min(1).max(1024) });

type TAuthorizeRequest = { headers?: Record<string, string | string[] | undefined> };

// Failed sign-ins are throttled per account and per client and recorded in the audit
// log (README "Sign-in"). The thrown message is what the sign-in form shows.
export async function authorizeCredentials(raw: unknown, req?: TAuthorizeRequest) {
  const parsed = ZCredentialsSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { email, password } = parsed.data;
  const client = clientAddress(requestHeaders(req), parseTrustedProxies(process.env.STUDIO_TRUSTED_PROXIES));
  try {
    const user = await db().user.findUnique({ where: { email }, omit: { passwordHash: false } });
    const failures = await signInFailures(db(), email, user?.id ?? null, client);
    const wait = signInWaitMs(failures.account, failures.client, new Date());
    if (wait > 0) {
      await recordFailedSignIn(db(), { email, client, userId: user?.id ?? null, reason: "throttled" });
      throw new SignInRefused(throttledMessage(wait));
    }
    const reason = !user ? "unknown_account" : !user.passwordHash || !user.active ? "inactive" : (await verifyPassword(password, user.passwordHash)) ? null : "wrong_password";
    if (reason || !user) {
      await recordFailedSignIn(db(), { email, client, userId: user?.id ?? null, reason: reason ?? "unknown_account" });
      return null;
    }
    await recordEvent(db(), { actorId: user.id, action: "user.sign_in", entity: "User", entityId: user.id });
    return { id: user.id, email: user.email, name: user.name };
  } catch (error) {
    if (error instanceof SignInRefused) throw error;
    if (isDatabaseUnavailable(error)) throw new SignInRefused(DATABASE_UNAVAILABLE_MESSAGE);
    console.error("[studio] sign-in failed", error);
    throw new SignInRefused("Sign-in failed on the server; the details are in the server log.");
  }
}

class SignInRefused extends Error {}

// The peer header is believed only when this process's HTTP server records it (the preload
// lib/http/peer-address.cjs sets this process-global flag); otherwise a client could send it.
const PEER_RECORDED = Symbol.for("specpath.peerAddressRecorded");
function requestHeaders(req: TAuthorizeRequest | undefined): TAuthorizeRequest["headers"] {
  if ((globalThis as Record<symbol, unknown>)[PEER_RECORDED] === true || !req?.headers) return req?.headers;
  const { [PEER_HEADER]: _forged, ...rest } = req.headers;
  return rest;
}

const providers: NextAuthOptions["providers"] = [
  CredentialsProvider({
    name: "Email and password",
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    authorize: (credentials, req) => authorizeCredentials(credentials, req as TAuthorizeRequest),
  }),
];

// GitHub sign-in only when configured; the account must already exist (matched by
// email or GitHub login) so roles are always granted by an admin.
if (process.env.GITHUB_ID && process.env.GITHUB_SECRET) {
  providers.push(GitHubProvider({ clientId: process.env.GITHUB_ID, clientSecret: process.env.GITHUB_SECRET }));
}

export const authOptions: NextAuthOptions = {
  providers,
  session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
  jwt: { decode: decodeSessionToken },
  pages: { signIn: "/signin" },
  callbacks: {
    async signIn({ user, account, profile }) {
      if (account?.provider !== "github") return true;
      const login = (profile as { login?: string } | undefined)?.login;
      const existing = await db().user.findFirst({
        where: { OR: [{ email: user.email ?? "" }, { githubLogin: login ?? "" }], active: true },
      });
      if (!existing) return "/signin?error=NoAccount";
      user.id = existing.id;
      return true;
    },
    async jwt({ token, user }) {
      if (user) token.sub = user.id;
      return token;
    },
    async session({ session, token }) {
      if (session.user && token.sub) (session.user as { id?: string }).id = token.sub;
      return session;
    },
  },
};
