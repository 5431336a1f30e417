// Pure: what the counterfactual bench mutates for one observed case — its blocking hidden findings, once per
// dependency over both histories, each with the occurrence to change, the probes the audit predicts and the
// hand labels that call that occurrence hidden. An occurrence is the finding's when the audit's own dependencyKey
// gives the finding's key (a keyword or an option carries its function: `name:module:value@owner`).
import { dependencyKey } from "../findings";
import { HISTORY_KEYS, type TLabel } from "./schema";
import { occurrenceMatches, wholeModuleBindings, type TCaseObservation, type TObservedDependency } from "./score";

/** An observed dependency is the audit's own TDependency, typed loosely by the scoring (kind and via as strings). */
type TKeyed = Parameters<typeof dependencyKey>[0];

export interface TCounterfactualTarget {
  key: string;
  dependency: TObservedDependency["dependency"];
  file: string;
  predicted: Set<string>;
  labels: TLabel[];
}

export function counterfactualTargets(labels: readonly TLabel[], obs: TCaseObservation): TCounterfactualTarget[] {
  const byKey = new Map<string, TCounterfactualTarget>();
  for (const h of HISTORY_KEYS) {
    for (const f of obs.perHistory[h].findings) {
      if (f.informational) continue;
      const key = f.dependencyKey ?? "";
      const deps = obs.perHistory[h].classified.find((x) => x.file === f.file)?.deps ?? [];
      const dependency = deps.map((d) => d.dependency).find((d) => dependencyKey(d as TKeyed) === key);
      if (!dependency) continue;
      const entry = byKey.get(key) ?? { key, dependency, file: f.file, predicted: new Set<string>(), labels: [] };
      f.probeTestIds.forEach((p) => entry.predicted.add(p));
      const bindings = wholeModuleBindings(deps);
      for (const label of labels) if (label.class[h] === "hidden" && occurrenceMatches(label, f.file, dependency, bindings) && !entry.labels.includes(label)) entry.labels.push(label);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()];
}
