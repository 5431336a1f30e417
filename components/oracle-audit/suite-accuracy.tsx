import { getSuiteOracleAccuracy } from "@/lib/oracle-audit/get-suite-accuracy";

const pct = (x: number | null) => (x === null ? "—" : `${(x * 100).toFixed(1)}%`);

/** Server component: the specification–oracle audit as its counterfactual runs measured it, over the suite. */
export async function SuiteOracleAccuracy({ suiteId }: { suiteId: string }) {
  const a = await getSuiteOracleAccuracy(suiteId);
  if (a.audited === 0) return null;
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
