"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import type { TCatalogAtomDto } from "@/lib/schemas/atoms";
import type { TProbeDto, TProbesDto } from "@/lib/schemas/probes";
import { ApiErrorNotice } from "@/components/ui/api-error-notice";
import { useFamilyInvalidation, useFamilyMutation } from "@/components/ui/use-family-mutation";
import { queryKeys } from "@/components/query-keys";
import { GateSentence } from "@/components/gates/gate-sentence";
import { useGateReport } from "@/components/gates/use-gate-report";
import { OutcomeChip } from "./outcome-chip";

type TCell = { probeId: string; atomId: string; covered: boolean };

type Props = { familyId: string; data: TProbesDto; atoms: TCatalogAtomDto[]; canEdit: boolean };

/**
 * Probes × accepted final and fixed atoms, one checkbox per cell, and guard tests
 * (pass-to-pass, covering no atom). The verdicts above the table are the gate
 * report's own sentences; atoms covered only through probes they share with
 * another atom are marked, since no negative can single them out.
 */
export function CoverageMatrix({ familyId, data, atoms, canEdit }: Props) {
  const contract = atoms.filter((a) => a.status === "accepted" && a.role !== "temporary");
  const queryClient = useQueryClient();
  const invalidate = useFamilyInvalidation(familyId);
  const report = useGateReport(familyId);
  const gate = (key: string) => report.data?.stages.find((s) => s.stage === "reconciliation")?.gates.find((g) => g.key === key);
  // The cell shows its new state at once; the server's answer (or refusal) replaces it.
  const cell = useMutation({
    mutationKey: ["coverage-cell", familyId],
    mutationFn: (input: TCell) => api(`/api/families/${familyId}/probes/${input.probeId}/coverage`, { method: "PUT", body: { atomId: input.atomId, covered: input.covered } }),
    onMutate: async (input: TCell) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.probes(familyId) });
      queryClient.setQueryData<TProbesDto>(queryKeys.probes(familyId), (old) => old && {
        ...old,
        probes: old.probes.map((p) => p.id !== input.probeId ? p : { ...p, atomIds: input.covered ? [...p.atomIds, input.atomId] : p.atomIds.filter((id) => id !== input.atomId) }),
      });
    },
    // Refetch once the last of quick successive clicks settles: an earlier refetch would undo a later cell's new state.
    // The refetch is not awaited: a mutation kept pending by it would make a later click's settle skip its own refetch.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: ["coverage-cell", familyId] }) <= 1) void invalidate();
    },
  });
  const kind = useMutation({
    mutationFn: (probe: TProbeDto) =>
      api(`/api/families/${familyId}/probes/${probe.id}/kind`, { method: "PUT", body: { kind: probe.kind === "guard" ? "probe" : "guard", version: probe.version } }),
    onSettled: () => invalidate(),
  });
  const remove = useFamilyMutation(familyId, (probeId: string) => api(`/api/families/${familyId}/probes/${probeId}`, { method: "DELETE" }));

  // Selectivity concerns final atoms: a negative breaks one and must keep the others.
  const finalIds = new Set(contract.filter((a) => a.role === "final").map((a) => a.id));
  const probesOf = (atomId: string) => data.probes.filter((p) => p.kind !== "guard" && p.atomIds.includes(atomId));
  const sharedWith = (probe: TProbeDto) => probe.atomIds.filter((id) => finalIds.has(id)).length > 1;
  const sharedOnly = (atomId: string) => {
    const mine = probesOf(atomId);
    return finalIds.has(atomId) && mine.length > 0 && mine.every(sharedWith);
  };

  return (
    <div className="panel" aria-label="Coverage matrix">
      <h3 style={{ fontSize: 14, marginTop: 0 }}>Coverage: probes × final and fixed atoms</h3>
      <GateSentence gate={gate("coverage")} testId="coverage-gaps" />
      <GateSentence gate={gate("selectivity")} testId="coverage-selectivity" />
      {gate("stale_probes")?.status === "fail" && <GateSentence gate={gate("stale_probes")} testId="coverage-stale" />}
      {data.probes.length === 0 ? <p className="muted">No probes yet: collect the tests and pick some.</p> : (
        <div style={{ overflowX: "auto" }}>
          <table>
            <thead>
              <tr>
                <th style={{ position: "sticky", left: 0, background: "var(--bg, #fff)" }}>Probe (collected test id)</th>
                <th title="The test's outcome on the base and with gold when collected">Base · gold</th>
                <th title="A guard test (pass-to-pass) covers no atom and must pass on gold and every alternative">Guard</th>
                {contract.map((a) => (
                  <th key={a.id} title={a.statement} style={{ textAlign: "center" }} data-shared-only={sharedOnly(a.id) || undefined}>
                    {a.key}<div style={{ fontWeight: 400, textTransform: "none" }}>{a.role}</div>
                    {sharedOnly(a.id) && <span className="chip status-fail" title="Every probe of this atom also covers another atom: no negative can break it alone">shared only</span>}
                  </th>
                ))}
                {canEdit && <th />}
              </tr>
            </thead>
            <tbody>
              {data.probes.map((probe) => (
                <tr key={probe.id} data-probe={probe.testId} data-kind={probe.kind}>
                  <td className="mono" style={{ position: "sticky", left: 0, background: "var(--bg, #fff)" }}>
                    {probe.testId} {probe.stale && <span className="chip status-fail" title="The last collect job did not find this test">stale</span>}
                    {sharedWith(probe) && <span className="chip status-pending" title="This one test covers several final atoms">shared</span>}
                  </td>
                  <td><OutcomeChip outcome={data.outcomes?.[probe.testId]} /></td>
                  <td style={{ textAlign: "center" }}>
                    <input type="checkbox" aria-label={`${probe.testId} is a guard test`} checked={probe.kind === "guard"} disabled={!canEdit || kind.isPending}
                      onChange={() => kind.mutate(probe)} />
                  </td>
                  {contract.map((a) => (
                    <td key={a.id} style={{ textAlign: "center" }}>
                      <input type="checkbox" aria-label={`${probe.testId} covers ${a.key}`} checked={probe.atomIds.includes(a.id)} disabled={!canEdit || probe.kind === "guard"}
                        onChange={(e) => cell.mutate({ probeId: probe.id, atomId: a.id, covered: e.target.checked })} />
                    </td>
                  ))}
                  {canEdit && <td><button type="button" aria-label={`Remove probe ${probe.testId}`} onClick={() => remove.mutate(probe.id)}>Remove</button></td>}
                </tr>
              ))}
              <tr>
                <td className="muted">probes per atom</td>
                <td />
                <td />
                {contract.map((a) => {
                  const n = probesOf(a.id).length;
                  return <td key={a.id} style={{ textAlign: "center" }} className={n === 0 || sharedOnly(a.id) ? "error" : "muted"}>{n}{sharedOnly(a.id) ? " (shared)" : ""}</td>;
                })}
                {canEdit && <td />}
              </tr>
            </tbody>
          </table>
        </div>
      )}
      <ApiErrorNotice error={cell.error} />
      <ApiErrorNotice error={kind.error} />
      <ApiErrorNotice error={remove.error} />
    </div>
  );
}
