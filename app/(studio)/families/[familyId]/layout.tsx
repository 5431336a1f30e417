import type { ReactNode } from "react";
import { FamilyHeader } from "@/components/families/family-header";
import { FamilyTabs } from "@/components/families/family-tabs";

// A prerendered frame (no session, no database): the header fills in from the family's API;
// proxy.ts refuses the page to a role that may not open it.
export default async function FamilyLayout({ children, params }: { children: ReactNode; params: Promise<{ familyId: string }> }) {
  const { familyId } = await params;
  return (
    <>
      <FamilyHeader familyId={familyId} />
      <FamilyTabs familyId={familyId} />
      {children}
    </>
  );
}
