"use client";
import { useCatalog } from "@/components/atoms/use-catalog";
import { CollectPanel } from "./collect-panel";
import { CoverageMatrix } from "./coverage-matrix";
import { ProposedGuards } from "./proposed-guards";
import { MinedNegatives } from "./mined-negatives";
import { PatchesPanel } from "./patches-panel";
import { PlainEditorsProvider, PlainEditorsToggle } from "./plain-editors";
import { useProbes } from "./use-probes";
import { VerifierForm } from "./verifier-form";
import { ErrorText } from "@/components/ui/error-text";

/** The "Verifier & patches" tab: the verifier form, probes and coverage, gold / negatives / alternatives. */
export function VerifierView({ familyId, canEdit, monacoBase }: { familyId: string; canEdit: boolean; monacoBase: string }) {
  const probes = useProbes(familyId);
  const catalog = useCatalog(familyId);
  return (
    <PlainEditorsProvider monacoBase={monacoBase}>
      <div className="row" style={{ justifyContent: "flex-end", marginBottom: 8 }}><PlainEditorsToggle /></div>
      <VerifierForm familyId={familyId} canEdit={canEdit} />
      <section aria-label="Probes">
        <h2>Probes</h2>
        <ErrorText error={probes.error} />
        {probes.data && (
          <>
            <CollectPanel familyId={familyId} data={probes.data} canEdit={canEdit} />
            <ProposedGuards familyId={familyId} data={probes.data} canEdit={canEdit} />
            <CoverageMatrix familyId={familyId} data={probes.data} atoms={catalog.data ?? []} canEdit={canEdit} />
          </>
        )}
      </section>
      <PatchesPanel familyId={familyId} atoms={catalog.data ?? []} canEdit={canEdit} />
      <MinedNegatives familyId={familyId} canEdit={canEdit} />
    </PlainEditorsProvider>
  );
}
