// Pure: the uniform construction audit envelope, derived from a package's own content, so
// every family's envelope has the same shape whatever its history of construction was.
import { CONSTRUCTION_AUDIT_SCHEMA_VERSION, type TPackage } from "./types";

export type TPackageBody = Omit<TPackage, "construction_audit">;

export function constructionAudit(body: TPackageBody): TPackage["construction_audit"] {
  const atoms = body.contract.atoms;
  // A reviewer's final set is checked against the active set after replaying that revision's trace.
  const replayed = (turns: readonly { activated: readonly string[]; deactivated: readonly string[] }[]) => {
    const active = new Set<string>();
    for (const t of turns) {
      t.deactivated.forEach((k) => active.delete(k));
      t.activated.forEach((k) => active.add(k));
    }
    return [...active].sort().join(",");
  };
  const byRole = (role: string) => atoms.filter((a) => a.role === role).length;
  const stages = new Map<string, string>();
  for (const gate of body.audit.gates) {
    const seen = stages.get(gate.stage);
    stages.set(gate.stage, seen === "fail" || gate.status === "fail" ? "fail" : seen === "pending" || gate.status === "pending" ? "pending" : "pass");
  }
  return {
    schema_version: CONSTRUCTION_AUDIT_SCHEMA_VERSION,
    family: body.family.title,
    counts: {
      atoms_final: byRole("final"),
      atoms_fixed: byRole("fixed"),
      atoms_temporary: byRole("temporary"),
      candidates_rejected: body.contract.candidates.filter((c) => c.status === "rejected").length,
      candidates_merged: body.contract.candidates.filter((c) => c.status === "merged").length,
      probes: body.verifier.probes.length,
      guard_tests: body.verifier.guardTests.length,
      negatives: body.patches.filter((p) => p.kind === "negative").length,
      alternatives: body.patches.filter((p) => p.kind === "alternative").length,
      histories: body.histories.length,
      revisions: body.audit.revisions.length,
      reviews: body.audit.revisions.reduce((n, r) => n + r.reviews.length, 0),
      adjudications_revise: body.audit.revisions.reduce((n, r) => n + r.adjudications.filter((a) => a.decision === "revise").length, 0),
    },
    probes: body.verifier.probes.map((p) => p.testId),
    calibration: body.audit.runs
      .filter((r) => r.kind === "calibrate")
      .map((r) => ({ role: r.role, patch: r.patch, target: body.patches.find((p) => p.name === r.patch)?.targetAtom ?? null, signature: r.signature })),
    replay: body.audit.runs
      .filter((r) => r.kind === "replay")
      .map((r) => ({ condition: r.condition ?? "", role: r.role, patch: r.patch, signature: r.signature })),
    review: body.audit.revisions
      .filter((r) => r.current)
      .map((r) => ({
        condition: r.condition,
        revision: r.number,
        reviews: r.reviews.length,
        exactMatch: r.reviews.filter((v) => [...v.finalSet].sort().join(",") === replayed(r.turns)).length,
        ambiguous: r.reviews.filter((v) => v.ambiguous).length,
      })),
    stages: [...stages].map(([stage, status]) => ({ stage, status })),
  };
}
