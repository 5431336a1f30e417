"use client";
import { WithTabRights } from "@/components/families/tab-rights-gate";
import { AtomsView } from "./atoms-view";

export function AtomsTab({ familyId }: { familyId: string }) {
  return <WithTabRights familyId={familyId}>{(r) => <AtomsView familyId={familyId} canEdit={r.has("curator") && !r.frozen} />}</WithTabRights>;
}
