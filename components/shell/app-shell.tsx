"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import type { ReactNode } from "react";
import { NAV_LINKS } from "./nav-links";
import { useCurrentUser } from "./use-current-user";

export function AppShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const me = useCurrentUser();
  const user = me.data;
  const links = user ? NAV_LINKS.filter((link) => link.roles.some((role) => user.roles.includes(role))) : [];
  return (
    <div className="shell">
      <nav className="nav" aria-label="Main">
        <div className="brand">SpecPath Studio</div>
        {links.map((link) => (
          <Link key={link.href} href={link.href} prefetch={false} aria-current={pathname === link.href ? "page" : undefined}>
            {link.label}
          </Link>
        ))}
        <div className="who">
          {user ? (
            <>
              <div data-testid="current-user">{user.name}</div>
              <div>{user.email}</div>
              <div>{user.roles.join(", ")}</div>
            </>
          ) : (
            <div className="muted">{me.error ? me.error.message : "…"}</div>
          )}
          {/* A relative redirect: the sign-in page on the address the user is on, whatever NEXTAUTH_URL says. */}
          <button onClick={() => void signOut({ redirect: false }).then(() => window.location.assign("/signin"))}>Sign out</button>
        </div>
      </nav>
      <main>{children}</main>
    </div>
  );
}
