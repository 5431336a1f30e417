// Pure: what a candidate's calibration signature says about it. A candidate is a
// selective negative for an atom when it fails at least one of that atom's probes,
// passes every probe that does not cover the atom and every guard test, and leaves
// each other final atom a passing probe (the calibration gate's rule, plus guards:
// a negative that breaks a guard breaks behaviour the contract keeps).

export type TSignatureProbe = { testId: string; kind: "probe" | "guard"; atomKeys: readonly string[] };
export type TVerdict = { selectiveFor: string | null; failing: string[]; reason: string };

export function judgeCandidate(probes: readonly TSignatureProbe[], bits: readonly number[], finals: readonly string[]): TVerdict {
  if (bits.length !== probes.length) return { selectiveFor: null, failing: [], reason: "its run did not report every probe" };
  const failing = probes.filter((_, i) => bits[i] === 0);
  const names = failing.map((p) => p.testId);
  if (failing.length === 0) return { selectiveFor: null, failing: names, reason: "passes every probe (an equivalent of gold for this verifier)" };
  const guards = failing.filter((p) => p.kind === "guard");
  if (guards.length > 0) return { selectiveFor: null, failing: names, reason: `breaks guard test${guards.length === 1 ? "" : "s"} ${list(guards.map((g) => g.testId))}` };
  const uncovered = failing.filter((p) => p.atomKeys.length === 0);
  if (uncovered.length > 0) return { selectiveFor: null, failing: names, reason: `fails ${list(uncovered.map((p) => p.testId))}, which cover${uncovered.length === 1 ? "s" : ""} no atom` };
  // The one final atom every failing probe covers.
  const common = finals.filter((key) => failing.every((p) => p.atomKeys.includes(key)));
  for (const target of common) {
    const broken = finals.filter((other) => {
      if (other === target) return false;
      const theirs = probes.map((p, i) => ({ p, i })).filter(({ p }) => p.kind === "probe" && p.atomKeys.includes(other));
      return theirs.length > 0 && theirs.every(({ i }) => bits[i] === 0);
    });
    if (broken.length === 0) return { selectiveFor: target, failing: names, reason: `fails only probes of ${target}` };
  }
  const atoms = [...new Set(failing.flatMap((p) => p.atomKeys.filter((k) => finals.includes(k))))];
  if (atoms.length === 0) return { selectiveFor: null, failing: names, reason: `fails ${list(names)}, which cover no final atom` };
  return { selectiveFor: null, failing: names, reason: `fails probes of ${atoms.join(" and ")}, so it breaks more than one atom` };
}

const list = (ids: string[]) => ids.slice(0, 3).map((id) => `“${id}”`).join(", ") + (ids.length > 3 ? ` and ${ids.length - 3} more` : "");
