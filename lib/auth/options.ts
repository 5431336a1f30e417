import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GitHubProvider from "next-auth/providers/github";
import { z } from "zod";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/audit-log/record-event";
import { verifyPassword } from "./password";

const ZCredentialsSchema = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1) });

async function authorizeCredentials(raw: unknown) {
  const parsed = ZCredentialsSchema.safeParse(raw);
  if (!parsed.success) return null;
  const user = await db().user.findUnique({
    where: { email: parsed.data.email },
    omit: { passwordHash: false },
  });
  if (!user?.passwordHash || !user.active) return null;
  if (!(await verifyPassword(parsed.data.password, user.passwordHash))) return null;
  await recordEvent(db(), { actorId: user.id, action: "user.sign_in", entity: "User", entityId: user.id });
  return { id: user.id, email: user.email, name: user.name };
}

const providers: NextAuthOptions["providers"] = [
  CredentialsProvider({
    name: "Email and password",
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    authorize: authorizeCredentials,
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
