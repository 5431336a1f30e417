"use client";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/http/api-client";
import { queryKeys } from "@/components/query-keys";

type TAccuracy = {
  audited: number; families: number; unresolved: number; confirmed: number; refuted: number; wider: number; decided: number;
  precision: number | null; blastRadiusAccuracy: number | null;
};

const pct = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(1)}%`);

/** The specification–oracle audit as its counterfactual runs measured it, over the suite. */
export function SuiteOracleAccuracy({ suiteId }: { suiteId: string }) {
  const query = useQuery({ queryKey: queryKeys.suiteOracleAccuracy(suiteId), queryFn: () => api<TAccuracy>(`/api/suites/${suiteId}/oracle-accuracy`) });
  const a = query.data;
  if (!a || a.audited === 0) return null;
  return (
    <section className="panel" data-testid="suite-oracle-accuracy">
      <h2 style={{ marginTop: 0 }}>Specification–oracle audit</h2>
      <p>
        {a.audited} of {a.families} families audited · {a.unresolved} unresolved hidden finding{a.unresolved === 1 ? "" : "s"} · counterfactuals: {a.confirmed} confirmed,{" "}
        {a.refuted} refuted, {a.wider} wider of {a.decided} run
      </p>
      <p>Measured precision {pct(a.precision)} (paper: 89.2%) · blast-radius accuracy {pct(a.blastRadiusAccuracy)} (paper, Go: 99.5%)</p>
    </section>
  );
}
