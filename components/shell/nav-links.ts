import type { TRole } from "@/lib/auth/roles";

// Navigation by role: each person sees the places their roles use.
export const NAV_LINKS: { href: string; label: string; roles: TRole[] }[] = [
  { href: "/suites", label: "Suites & families", roles: ["curator", "lead", "admin"] },
  { href: "/inbox", label: "Review inbox", roles: ["reviewer"] },
  { href: "/console", label: "Lead console", roles: ["lead"] },
  { href: "/console/evaluations", label: "Evaluations", roles: ["lead", "admin"] },
  { href: "/console/queue", label: "Queue", roles: ["lead", "admin"] },
  { href: "/console/audit-log", label: "Audit log", roles: ["lead", "admin"] },
  { href: "/admin/users", label: "Users & roles", roles: ["admin"] },
  { href: "/admin/settings", label: "Settings", roles: ["admin"] },
];
