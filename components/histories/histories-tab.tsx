"use client";
import { WithTabRights } from "@/components/families/tab-rights-gate";
import { HistoriesWorkspace } from "./histories-workspace";

export function HistoriesTab({ familyId, monacoBase }: { familyId: string; monacoBase: string }) {
  return (
    <WithTabRights familyId={familyId}>
      {(r) => <HistoriesWorkspace familyId={familyId} isCurator={r.has("curator") && !r.frozen} canRunReplay={r.has("curator", "lead") && !r.frozen} monacoBase={monacoBase} />}
    </WithTabRights>
  );
}
