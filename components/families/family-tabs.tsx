"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { FAMILY_TABS } from "@/lib/gates/stages";

// One tab per stage's working page (lib/gates/stages.ts); each lives under app/(studio)/families/[familyId]/<segment>.
export function FamilyTabs({ familyId }: { familyId: string }) {
  const pathname = usePathname();
  const base = `/families/${familyId}`;
  return (
    <nav className="tabs" aria-label="Family">
      {FAMILY_TABS.map((tab) => {
        const href = tab.segment ? `${base}/${tab.segment}` : base;
        const current = tab.segment ? pathname.startsWith(href) : pathname === base;
        return (
          <Link key={tab.label} href={href} prefetch={false} aria-current={current ? "page" : undefined} data-stage-tab={tab.stage ?? undefined}>
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
