// Pure: which roles open which studio page, by path, in one table. proxy.ts applies it before
// routing, so the studio's pages can be prerendered shells (no session read while rendering):
// a person without the role gets the server's redirect, never the page. The APIs the shells
// call check roles and blindness themselves (lib/http/route.ts); this table guards pages only.
import type { TRole } from "./roles";

type Rule = { pattern: RegExp; roles: readonly TRole[] };

const CURATOR_LEAD_ADMIN: readonly TRole[] = ["curator", "lead", "admin"];
const LEAD_ADMIN: readonly TRole[] = ["lead", "admin"];

// First match wins: the narrower paths come before the section they sit in.
const RULES: readonly Rule[] = [
  { pattern: /^\/families\/[^/]+\/reviews(\/|$)/, roles: LEAD_ADMIN },
  { pattern: /^\/families(\/|$)/, roles: CURATOR_LEAD_ADMIN },
  { pattern: /^\/suites(\/|$)/, roles: CURATOR_LEAD_ADMIN },
  { pattern: /^\/inbox(\/|$)/, roles: ["reviewer"] },
  { pattern: /^\/console\/(audit-log|evaluations|queue)(\/|$)/, roles: LEAD_ADMIN },
  { pattern: /^\/console(\/|$)/, roles: ["lead"] },
  { pattern: /^\/admin(\/|$)/, roles: ["admin"] },
];

/**
 * The roles that may open `pathname` (a studio page), or null for what the proxy leaves
 * alone: the API, sign-in, the forbidden page, the start page that redirects by role.
 */
export function pageRoles(pathname: string): readonly TRole[] | null {
  const path = routedPath(pathname);
  for (const rule of RULES) if (rule.pattern.test(path)) return rule.roles;
  return null;
}

/** The path as the router matches it: each segment decoded (`%66amilies` is `families`), empty segments dropped. */
function routedPath(pathname: string): string {
  const segments = pathname.split("/").filter((s) => s !== "").map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s; // proxy.ts answers a badly encoded path with a 400 before asking
    }
  });
  return `/${segments.join("/")}`;
}

export type TPageDecision = { kind: "open" } | { kind: "signin" } | { kind: "forbidden" };

/** What the proxy answers for a page: open it, send a signed-out person to sign in, or refuse the role. */
export function pageDecision(pathname: string, userRoles: readonly string[] | null): TPageDecision {
  const roles = pageRoles(pathname);
  if (roles === null) return { kind: "open" };
  if (userRoles === null) return { kind: "signin" };
  return roles.some((role) => userRoles.includes(role)) ? { kind: "open" } : { kind: "forbidden" };
}
