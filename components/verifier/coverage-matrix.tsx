"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TCatalogAtomDto } from "@/lib/schemas/atoms";
import type { TProbesDto } from "@/lib/schemas/probes";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { useFamilyInvalidation, useFamilyMutation } from "@/components/ui/use-family-mutation";
import { queryKeys } from "@/components/query-keys";

type TCell = { probeId: string; atomId: string; covered: boolean };

type Props = { familyId: string; data: TProbesDto; atoms: TCatalogAtomDto[]; canEdit: boolean };

/** Probes × accepted final and fixed atoms, one checkbox per cell; an atom no probe covers is a gap. */
export function CoverageMatrix({ familyId, data, atoms, canEdit }: Props) {
  const contract = atoms.filter((a) => a.status === "accepted" && a.role !== "temporary");
  const queryClient = useQueryClient();
  const invalidate = useFamilyInvalidation(familyId);
  // The cell shows its new state at once; the server's answer (or refusal) replaces it.
  const cell = useMutation({
    mutationFn: (input: TCell) => api(`/api/families/${familyId}/probes/${input.probeId}/coverage`, { method: "PUT", body: { atomId: input.atomId, covered: input.covered } }),
    onMutate: async (input: TCell) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.probes(familyId) });
      queryClient.setQueryData<TProbesDto>(queryKeys.probes(familyId), (old) => old && {
        ...old,
        probes: old.probes.map((p) => p.id !== input.probeId ? p : { ...p, atomIds: input.covered ? [...p.atomIds, input.atomId] : p.atomIds.filter((id) => id !== input.atomId) }),
      });
    },
    onSettled: () => invalidate(),
  });
  const remove = useFamilyMutation(familyId, (probeId: string) => api(`/api/families/${familyId}/probes/${probeId}`, { method: "DELETE" }));
  const coveredBy = (atomId: string) => data.probes.filter((p) => p.atomIds.includes(atomId)).length;
  const gaps = contract.filter((a) => coveredBy(a.id) === 0).map((a) => a.key);

  return (
    <div className="panel" aria-label="Coverage matrix">
      <h3 style={{ fontSize: 14, marginTop: 0 }}>Coverage: probes × final and fixed atoms</h3>
      {gaps.length > 0 ? <p className="error" data-testid="coverage-gaps">Not covered by any probe: {gaps.join(", ")}</p> : contract.length > 0 && <p className="muted" data-testid="coverage-gaps">Every final and fixed atom is covered.</p>}
      {data.probes.length === 0 ? <p className="muted">No probes yet: collect the tests and pick some.</p> : (
        <div style={{ overflowX: "auto" }}>
          <table>
            <thead>
              <tr>
                <th>Probe (collected test id)</th>
                {contract.map((a) => <th key={a.id} title={a.statement} style={{ textAlign: "center" }}>{a.key}<div style={{ fontWeight: 400, textTransform: "none" }}>{a.role}</div></th>)}
                {canEdit && <th />}
              </tr>
            </thead>
            <tbody>
              {data.probes.map((probe) => (
                <tr key={probe.id} data-probe={probe.testId}>
                  <td className="mono">{probe.testId} {probe.stale && <span className="chip status-fail" title="The last collect job did not find this test">stale</span>}</td>
                  {contract.map((a) => (
                    <td key={a.id} style={{ textAlign: "center" }}>
                      <input type="checkbox" aria-label={`${probe.testId} covers ${a.key}`} checked={probe.atomIds.includes(a.id)} disabled={!canEdit}
                        onChange={(e) => cell.mutate({ probeId: probe.id, atomId: a.id, covered: e.target.checked })} />
                    </td>
                  ))}
                  {canEdit && <td><button type="button" aria-label={`Remove probe ${probe.testId}`} onClick={() => remove.mutate(probe.id)}>Remove</button></td>}
                </tr>
              ))}
              <tr>
                <td className="muted">probes per atom</td>
                {contract.map((a) => <td key={a.id} style={{ textAlign: "center" }} className={coveredBy(a.id) === 0 ? "error" : "muted"}>{coveredBy(a.id)}</td>)}
                {canEdit && <td />}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <ApiErrorNotice error={cell.error} />
      <ApiErrorNotice error={remove.error} />
    </div>
  );
}
