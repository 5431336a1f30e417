import { sortAtomKeys } from "../contract/catalog";
import { findings, listOf, settle } from "./gate";
import type { TAtomFact, TFamilyFacts, TGate } from "./types";

const blank = (s: string | null) => s === null || s.trim() === "";

function finalAtom(accepted: TAtomFact[]): TGate {
  const f = findings();
  const finals = accepted.filter((a) => a.role === "final").map((a) => a.key);
  f.evidence.push({ label: "accepted final atoms", detail: listOf(finals) });
  if (finals.length === 0) f.waits.push("Accept at least one final atom.");
  return settle("reconciliation", "final_atom", "At least one accepted final atom", f);
}

function fields(accepted: TAtomFact[]): TGate {
  const f = findings();
  for (const atom of accepted) {
    const lacking = [
      blank(atom.scope) && "scope",
      blank(atom.inputCondition) && "input condition",
      atom.polarity === null && "polarity",
      blank(atom.observation) && "observation",
    ].filter((x): x is string => typeof x === "string");
    if (lacking.length > 0) f.failures.push(`${atom.key} has no ${lacking.join(", ")}.`);
  }
  f.evidence.push({ label: "accepted atoms", detail: String(accepted.length) });
  return settle("reconciliation", "atom_fields", "Every accepted atom has scope, input condition, polarity and observation", f);
}

function coverage(facts: TFamilyFacts, accepted: TAtomFact[]): TGate {
  const f = findings();
  const contract = new Set(accepted.filter((a) => a.role !== "temporary").map((a) => a.key));
  const covered = new Set<string>();
  for (const probe of facts.probes) {
    if (probe.atomKeys.length === 0) f.failures.push(`Probe ${probe.testId} covers no atom.`);
    for (const key of probe.atomKeys) {
      if (contract.has(key)) covered.add(key);
      else f.failures.push(`Probe ${probe.testId} covers ${key}, which is not an accepted final or fixed atom; the verifier holds final-contract probes only.`);
    }
  }
  const uncovered = sortAtomKeys([...contract].filter((k) => !covered.has(k)));
  for (const key of uncovered) f.waits.push(`No probe covers ${key}.`);
  f.evidence.push({ label: "probes", detail: String(facts.probes.length) });
  f.evidence.push({ label: "covered final and fixed atoms", detail: `${covered.size} of ${contract.size}` });
  return settle("reconciliation", "coverage", "Every final and fixed atom is covered by a probe", f);
}

function staleProbes(facts: TFamilyFacts): TGate {
  const f = findings();
  const stale = facts.probes.filter((p) => p.stale).map((p) => p.testId);
  f.evidence.push({ label: "stale probes", detail: stale.length > 0 ? listOf(stale) : "none" });
  if (stale.length > 0) f.failures.push(`${stale.length === 1 ? "Probe" : "Probes"} ${listOf(stale, 5)} no longer collect${stale.length === 1 ? "s" : ""} a test; remove or replace ${stale.length === 1 ? "it" : "them"}.`);
  return settle("reconciliation", "stale_probes", "Every probe is a collected test (none stale)", f);
}

function decisions(atoms: TAtomFact[]): TGate {
  const f = findings();
  const accepted = new Set(atoms.filter((a) => a.status === "accepted").map((a) => a.key));
  for (const atom of atoms) {
    if (atom.status === "rejected" && blank(atom.reason)) f.failures.push(`${atom.key} was rejected without a reason.`);
    if (atom.status !== "merged") continue;
    if (blank(atom.reason)) f.failures.push(`${atom.key} was merged without a reason.`);
    if (atom.mergedInto === null) f.failures.push(`${atom.key} was merged without naming the atom it went into.`);
    else if (!accepted.has(atom.mergedInto)) f.failures.push(`${atom.key} was merged into ${atom.mergedInto}, which is not an accepted atom.`);
  }
  const count = (status: TAtomFact["status"]) => atoms.filter((a) => a.status === status).length;
  f.evidence.push({ label: "rejected / merged", detail: `${count("rejected")} / ${count("merged")}` });
  const proposed = atoms.filter((a) => a.status === "proposed").map((a) => a.key);
  if (proposed.length > 0) f.evidence.push({ label: "still proposed (not in the contract)", detail: listOf(proposed) });
  return settle("reconciliation", "decisions", "Every rejected or merged candidate has a reason", f);
}

export function reconciliationGates(facts: TFamilyFacts): TGate[] {
  const accepted = facts.atoms.filter((a) => a.status === "accepted");
  return [finalAtom(accepted), fields(accepted), coverage(facts, accepted), staleProbes(facts), decisions(facts.atoms)];
}
