"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";
import type { ReactNode } from "react";
import { NAV_LINKS } from "./nav-links";

type Props = { user: { name: string; email: string; roles: string[] }; children: ReactNode };

export function AppShell({ user, children }: Props) {
  const pathname = usePathname();
  const links = NAV_LINKS.filter((link) => link.roles.some((role) => user.roles.includes(role)));
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
          <div data-testid="current-user">{user.name}</div>
          <div>{user.email}</div>
          <div>{user.roles.join(", ")}</div>
          {/* A relative redirect: the sign-in page on the address the user is on, whatever NEXTAUTH_URL says. */}
          <button onClick={() => void signOut({ redirect: false }).then(() => window.location.assign("/signin"))}>Sign out</button>
        </div>
      </nav>
      <main>{children}</main>
    </div>
  );
}
