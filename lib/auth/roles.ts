// Pure: shared by client and server: which roles may do what, in one place.
export const ROLES = ["admin", "lead", "curator", "reviewer"] as const;
export type TRole = (typeof ROLES)[number];

export const hasAnyRole = (held: readonly string[], allowed: readonly TRole[] | "any") =>
  allowed === "any" || allowed.some((role) => held.includes(role));

/** Where each role starts after sign-in. */
export function homeFor(roles: readonly string[]): string {
  if (roles.includes("curator")) return "/suites";
  if (roles.includes("lead")) return "/console";
  if (roles.includes("reviewer")) return "/inbox";
  if (roles.includes("admin")) return "/admin/users";
  return "/suites";
}
