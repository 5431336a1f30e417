// Pure: the family context the gates read, built from the facts.
import type { TAtom, TCatalog } from "../contract/types";
import { indexRuns, type TRunIndex } from "./runs";
import type { TFamilyFacts } from "./types";

/** Facts indexed once per report, shared by every stage. */
export type TFamilyContext = {
  facts: TFamilyFacts;
  runs: TRunIndex;
  /** Accepted atoms as the contract engine's catalog. */
  catalog: TCatalog;
  accepted: ReadonlySet<string>;
  /** Positions (in probe order) of the probes that cover each atom. */
  probesOf: ReadonlyMap<string, number[]>;
  /** Positions of the guard tests (PASS_TO_PASS). */
  guards: ReadonlySet<number>;
  testIdAt(position: number): string;
};

export function familyContext(facts: TFamilyFacts): TFamilyContext {
  const catalog: TAtom[] = facts.atoms
    .filter((a) => a.status === "accepted")
    .map((a) => ({
      key: a.key,
      statement: a.statement,
      scope: a.scope,
      inputCondition: a.inputCondition,
      polarity: a.polarity ?? "require",
      observation: a.observation,
      role: a.role,
    }));
  const probesOf = new Map<string, number[]>();
  facts.probes.forEach((probe, position) => {
    for (const key of probe.atomKeys) {
      const list = probesOf.get(key);
      if (list) list.push(position);
      else probesOf.set(key, [position]);
    }
  });
  return {
    facts,
    runs: indexRuns(facts),
    catalog,
    accepted: new Set(catalog.map((a) => a.key)),
    probesOf,
    guards: new Set(facts.probes.flatMap((p, i) => (p.guard ? [i] : []))),
    testIdAt: (position) => facts.probes[position]?.testId ?? `#${position}`,
  };
}
