import type { ReactNode } from "react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageUser } from "@/lib/auth/page-guard";
import { db } from "@/lib/db";
import { FamilyTabs } from "@/components/families/family-tabs";
import { frozenPackageHash } from "@/lib/family-guard/frozen-package";

export default async function FamilyLayout({ children, params }: { children: ReactNode; params: Promise<{ familyId: string }> }) {
  await requirePageUser(["curator", "lead", "admin"]);
  const { familyId } = await params;
  const family = await db().taskFamily.findUnique({ where: { id: familyId }, select: { title: true, frozen: true, familyVersion: true, suite: { select: { id: true, name: true } } } });
  if (!family) notFound();
  const frozenIn = family.frozen ? await frozenPackageHash(familyId) : null;
  return (
    <>
      <p className="muted"><Link href={`/suites/${family.suite.id}`} prefetch={false}>{family.suite.name}</Link> /</p>
      <h1>
        {family.title}
        {family.familyVersion > 1 && <span className="muted"> · version {family.familyVersion}</span>}
        {family.frozen && <> <Link href={`/families/${familyId}/package`} className="chip status-pass" data-testid="frozen-badge">frozen</Link></>}
      </h1>
      {frozenIn !== null && (
        <p className="warning" role="note" data-testid="frozen-notice">
          Frozen in package <span className="mono">{frozenIn || "(unknown)"}</span>: every tab is read-only. A lead can open a new version on the Package tab to change it.
        </p>
      )}
      <FamilyTabs familyId={familyId} />
      {children}
    </>
  );
}
