"use client";
import { api } from "@/lib/http/api-client";
import { ZAtomStatusSchema } from "@/lib/contract/types";
import type { TCatalogAtomDto } from "@/lib/schemas/atoms";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { AtomCard } from "./atom-card";
import { AtomForm, type TAtomFields } from "./atom-form";
import { ProposalsBar } from "./proposals-bar";
import { ReconciliationPanel } from "./reconciliation-panel";
import { ConditionGuidance } from "@/components/histories/condition-guidance";
import { useCatalog } from "./use-catalog";
import { useFamilyMutation } from "@/components/ui/use-family-mutation";
import { useState } from "react";
import { ErrorText } from "@/components/ui/error-text";

/** The atoms tab: the reconciliation gate, proposals, the catalog and a form for a new atom. */
export function AtomsView({ familyId, canEdit }: { familyId: string; canEdit: boolean }) {
  const catalog = useCatalog(familyId);
  const [formKey, setFormKey] = useState(0);
  const create = useFamilyMutation(familyId, (body: TAtomFields) => api<TCatalogAtomDto>(`/api/families/${familyId}/atoms`, { body }));
  const reorder = useFamilyMutation(familyId, (order: string[]) => api(`/api/families/${familyId}/atoms/order`, { method: "PUT", body: { order } }));
  const atoms = catalog.data ?? [];
  const proposed = atoms.filter((a) => a.status === "proposed");
  // One decision over every open proposal, each accepted through the same route as its own button.
  const acceptAll = useFamilyMutation(familyId, async (list: TCatalogAtomDto[]) => {
    for (const atom of list) await api(`/api/families/${familyId}/atoms/${atom.id}/accept`, { body: { version: atom.version } });
  });

  function move(index: number, direction: -1 | 1) {
    const order = atoms.map((a) => a.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + direction, 0, moved!);
    reorder.mutate(order);
  }

  const counts = ZAtomStatusSchema.options.map((s) => `${atoms.filter((a) => a.status === s).length} ${s}`).join(" · ");

  return (
    <>
      <ReconciliationPanel familyId={familyId} />
      {canEdit && <ProposalsBar familyId={familyId} />}
      <h2>Atom catalog <span className="muted">{catalog.data ? counts : ""}</span></h2>
      {catalog.isPending && <p className="muted">Loading…</p>}
      <ErrorText error={catalog.error} />
      <ApiErrorNotice error={reorder.error} />
      {canEdit && proposed.length > 1 && (
        <div className="row center-y">
          <button type="button" disabled={acceptAll.isPending} onClick={() => acceptAll.mutate(proposed)}>Accept all {proposed.length} proposed</button>
          <span className="muted">{proposed.map((a) => a.key).join(", ")}; a proposal read from a collected test takes that test as its probe.</span>
        </div>
      )}
      <ApiErrorNotice error={acceptAll.error} />
      {catalog.data && atoms.some((a) => a.status === "accepted") && <ConditionGuidance atoms={atoms.filter((a) => a.status === "accepted")} />}
      {atoms.map((atom, index) => (
        <AtomCard key={atom.id} familyId={familyId} atom={atom} catalog={atoms} canEdit={canEdit}
          onMove={(d) => move(index, d)} first={index === 0} last={index === atoms.length - 1} />
      ))}
      {canEdit && (
        <>
          <h2>Add an atom</h2>
          <AtomForm key={formKey} replacements={atoms.filter((a) => a.status === "accepted" && a.role !== "temporary")} pending={create.isPending}
            error={create.error} submitLabel="Add atom" onSubmit={(fields) => create.mutate(fields, { onSuccess: () => setFormKey((k) => k + 1) })} />
        </>
      )}
    </>
  );
}
