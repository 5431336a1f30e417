// Pure: the gates of stage 2, contract reconciliation.
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
    if (probe.guard) {
      // A guard (PASS_TO_PASS) holds the rest of the suite steady; it covers no atom.
      if (probe.atomKeys.length > 0) f.failures.push(`Guard ${probe.testId} covers ${listOf(probe.atomKeys)}; a guard test covers no atom (make it a probe to cover one).`);
      continue;
    }
    if (probe.atomKeys.length === 0) f.failures.push(`Probe ${probe.testId} covers no atom; cover one, or mark it a guard test (pass-to-pass) if it only has to keep passing.`);
    for (const key of probe.atomKeys) {
      if (contract.has(key)) covered.add(key);
      else f.failures.push(`Probe ${probe.testId} covers ${key}, which is not an accepted final or fixed atom; the verifier holds final-contract probes only.`);
    }
  }
  const uncovered = sortAtomKeys([...contract].filter((k) => !covered.has(k)));
  for (const key of uncovered) f.waits.push(`No probe covers ${key}.`);
  const guards = facts.probes.filter((p) => p.guard).length;
  f.evidence.push({ label: "probes", detail: String(facts.probes.length - guards) });
  if (guards > 0) f.evidence.push({ label: "guard tests (pass-to-pass)", detail: String(guards) });
  f.evidence.push({ label: "covered final and fixed atoms", detail: `${covered.size} of ${contract.size}` });
  return settle("reconciliation", "coverage", "Every final and fixed atom is covered by a probe", f);
}

/**
 * Selectivity must be provable (issue 12 item 5): a negative for atom a fails one of
 * a's probes and must leave every other final atom a passing probe. When each probe
 * of a is the only probe of some other final atom, no negative can do both.
 */
function selectivity(facts: TFamilyFacts, accepted: TAtomFact[]): TGate {
  const f = findings();
  const finals = accepted.filter((a) => a.role === "final").map((a) => a.key);
  const isFinal = new Set(finals);
  const probesOf = new Map<string, string[]>();
  for (const probe of facts.probes) {
    if (probe.guard) continue;
    for (const key of probe.atomKeys) {
      if (!isFinal.has(key)) continue;
      const list = probesOf.get(key);
      if (list) list.push(probe.testId);
      else probesOf.set(key, [probe.testId]);
    }
  }
  /** The final atoms whose only probe is this test. */
  const soleProbeOf = new Map<string, string[]>();
  for (const [key, list] of probesOf) if (list.length === 1) soleProbeOf.set(list[0]!, [...(soleProbeOf.get(list[0]!) ?? []), key]);
  // A probe passing on the base tells nothing about the change: it cannot be all an atom rests on.
  const passing = new Set(facts.probes.filter((p) => p.passesOnBase && !p.guard).map((p) => p.testId));
  for (const atom of finals) {
    const mine = probesOf.get(atom) ?? [];
    if (mine.length === 0 || !mine.every((q) => passing.has(q))) continue;
    const only = mine.length === 1 ? `${atom}'s only probe “${mine[0]}” passes` : `Every probe of ${atom} (${listOf(mine, 5)}) passes`;
    f.failures.push(`${only} on the base (as collected): it cannot tell gold from the base, so no negative can be shown to break ${atom}. Make ${mine.length === 1 ? "it a guard test" : "them guard tests"} and cover ${atom} with a test that fails on the base.`);
  }
  const reported = new Set<string>();
  let provable = 0;
  const sharedOnly: string[] = [];
  for (const atom of finals) {
    const mine = probesOf.get(atom) ?? [];
    if (mine.length === 0) continue; // the coverage gate asks for a probe
    const blockedBy = mine.map((q) => (soleProbeOf.get(q) ?? []).filter((b) => b !== atom));
    if (!blockedBy.every((b) => b.length > 0)) {
      provable++;
      continue;
    }
    sharedOnly.push(atom);
    const group = sortAtomKeys([...new Set([atom, ...blockedBy.flat()])]);
    const id = group.join(",");
    if (reported.has(id)) continue;
    reported.add(id);
    const names = `${group.slice(0, -1).join(", ")} and ${group.at(-1)}`;
    f.failures.push(
      `${names} share their only ${mine.length === 1 ? "probe" : "probes"} ${listOf(mine, 5)}: no negative can break one and keep the other, so selectivity cannot be shown. Split the test in the hidden test patch so each atom has a test of its own, or merge the atoms.`,
    );
  }
  if (passing.size > 0) f.evidence.push({ label: "probes passing on the base (non-discriminating)", detail: listOf([...passing]) });
  f.evidence.push({ label: "final atoms a negative can single out", detail: `${provable} of ${finals.filter((k) => probesOf.has(k)).length}` });
  if (sharedOnly.length > 0) f.evidence.push({ label: "covered only through shared probes", detail: listOf(sortAtomKeys(sharedOnly)) });
  return settle("reconciliation", "selectivity", "Each final atom has a probe a negative can fail without breaking another atom", f);
}

/**
 * Say early what cannot be built (issue 23 item 7): the histories stage needs all five
 * core conditions, and some need more than one final atom or a temporary atom. A
 * contract that cannot make them is named here, at reconciliation, with what would.
 */
function coreConditions(accepted: TAtomFact[]): TGate {
  const f = findings();
  const finals = accepted.filter((a) => a.role === "final").map((a) => a.key);
  const temporary = accepted.filter((a) => a.role === "temporary");
  if (finals.length === 0) return settle("reconciliation", "core_conditions", "The final contract can make all five core conditions", f); // the final_atom gate asks
  if (finals.length === 1) {
    f.failures.push(`Split needs two final atoms; the contract has one (${finals[0]}). Accept another final atom, or reject the family.`);
  }
  if (temporary.length === 0) {
    f.failures.push("Override and cancellation need an accepted temporary atom (a requirement stated first and later replaced or withdrawn). Accept one, or reject the family.");
  } else {
    const known = temporary.filter((a) => a.replacedBy !== undefined);
    const isFinal = new Set(finals);
    if (known.length === temporary.length && !known.some((a) => a.replacedBy!.some((k) => isFinal.has(k)))) {
      f.failures.push(`Override needs a temporary atom that final atoms replace; ${listOf(temporary.map((a) => a.key))} ${temporary.length === 1 ? "is" : "are"} replaced by none. Name the final atoms that replace one (its “replaced by”), or reject the family.`);
    }
  }
  f.evidence.push({ label: "final / temporary atoms", detail: `${finals.length} / ${temporary.length}` });
  return settle("reconciliation", "core_conditions", "The final contract can make all five core conditions", f);
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
  return [finalAtom(accepted), fields(accepted), coverage(facts, accepted), selectivity(facts, accepted), coreConditions(accepted), staleProbes(facts), decisions(facts.atoms)];
}
