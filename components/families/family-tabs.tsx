"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

// One tab per stage's working page; each page lives under app/(studio)/families/[familyId]/<tab>.
export const FAMILY_TABS = [
  { segment: "", label: "Gates" },
  { segment: "evidence", label: "Evidence" },
  { segment: "atoms", label: "Atoms" },
  { segment: "verifier", label: "Verifier & patches" },
  { segment: "runs", label: "Runs" },
  { segment: "histories", label: "Histories" },
  { segment: "package", label: "Package" },
] as const;

export function FamilyTabs({ familyId }: { familyId: string }) {
  const pathname = usePathname();
  const base = `/families/${familyId}`;
  return (
    <nav className="tabs" aria-label="Family">
      {FAMILY_TABS.map((tab) => {
        const href = tab.segment ? `${base}/${tab.segment}` : base;
        const current = tab.segment ? pathname.startsWith(href) : pathname === base;
        return (
          <Link key={tab.label} href={href} aria-current={current ? "page" : undefined}>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
