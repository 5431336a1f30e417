"use client";
import { useCatalog } from "@/components/atoms/use-catalog";
import { CollectPanel } from "./collect-panel";
import { CoverageMatrix } from "./coverage-matrix";
import { PatchesPanel } from "./patches-panel";
import { PlainEditorsProvider, PlainEditorsToggle } from "./plain-editors";
import { useProbes } from "./use-probes";
import { VerifierForm } from "./verifier-form";

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
        {probes.error && <p className="error">{probes.error.message}</p>}
        {probes.data && (
          <>
            <CollectPanel familyId={familyId} data={probes.data} canEdit={canEdit} />
            <CoverageMatrix familyId={familyId} data={probes.data} atoms={catalog.data ?? []} canEdit={canEdit} />
          </>
        )}
      </section>
      <PatchesPanel familyId={familyId} atoms={catalog.data ?? []} canEdit={canEdit} />
    </PlainEditorsProvider>
  );
}
