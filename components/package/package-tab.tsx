"use client";
import { WithTabRights } from "@/components/families/tab-rights-gate";
import { PackageView } from "./package-view";

export function PackageTab({ familyId }: { familyId: string }) {
  return <WithTabRights familyId={familyId}>{(r) => <PackageView familyId={familyId} isLead={r.has("lead")} />}</WithTabRights>;
}
