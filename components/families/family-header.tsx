"use client";
import Link from "next/link";
import { ErrorText } from "@/components/ui/error-text";
import { useFamilySummary } from "./use-family-summary";

/** Above every tab: the suite, the title, the version, and whether the family is frozen (then every tab is read-only). */
export function FamilyHeader({ familyId }: { familyId: string }) {
  const family = useFamilySummary(familyId);
  if (family.error) return <><h1>Task family</h1><ErrorText error={family.error} /></>;
  if (!family.data) return <><p className="muted">…</p><h1 className="muted">Loading family…</h1></>;
  const { title, familyVersion, frozen, frozenIn, suite } = family.data;
  return (
    <>
      <p className="muted"><Link href={`/suites/${suite.id}`} prefetch={false}>{suite.name}</Link> /</p>
      <h1>
        {title}
        {familyVersion > 1 && <span className="muted"> · version {familyVersion}</span>}
        {frozen && <> <Link href={`/families/${familyId}/package`} className="chip status-pass" data-testid="frozen-badge">frozen</Link></>}
      </h1>
      {frozenIn !== null && (
        <p className="warning" role="note" data-testid="frozen-notice">
          Frozen in package <span className="mono">{frozenIn || "(unknown)"}</span>: every tab is read-only. A lead can open a new version on the Package tab to change it.
        </p>
      )}
    </>
  );
}
