// Pure: which history conditions a catalog cannot build yet, and what to add so it can.
import type { TAtomRole, TCondition } from "./types";

export type TGuidanceAtom = { key: string; role: TAtomRole; replacedBy?: readonly string[] };

export type TConditionGuidance = { condition: TCondition; message: string };

/**
 * Split spreads M* over two turns (two final atoms at least); override replaces
 * a temporary atom by final atom(s) (a temporary atom whose "replaced by" names
 * a final atom); cancellation withdraws a temporary atom (any temporary atom);
 * length_matched is padded to cancellation's length, so it needs cancellation.
 * Only accepted atoms count: pass the catalog, not the proposals.
 */
export function conditionGuidance(atoms: readonly TGuidanceAtom[], overrides?: readonly { replaces: string; by: readonly string[] }[]): TConditionGuidance[] {
  const final = atoms.filter((a) => a.role === "final");
  const finalKeys = new Set(final.map((a) => a.key));
  const replacedBy = new Map(overrides?.map((o) => [o.replaces, o.by]) ?? []);
  const temporary = atoms
    .filter((a) => a.role === "temporary")
    .map((a) => ({ ...a, replacedBy: a.replacedBy ?? replacedBy.get(a.key) ?? [] }));
  const replacing = temporary.filter((a) => a.replacedBy.some((k) => finalKeys.has(k)));
  const out: TConditionGuidance[] = [];
  if (final.length === 0) return [{ condition: "direct", message: "No history can be built yet: accept at least one final atom (a requirement the change adds)." }];
  if (final.length < 2) {
    out.push({
      condition: "split",
      message: `The family has one final atom (${final[0]!.key}), so it cannot have a split history: split states the final atoms over two turns. Add a second final atom if the change has another requirement; otherwise the family has no split condition.`,
    });
  }
  if (replacing.length === 0) {
    out.push({
      condition: "override",
      message:
        temporary.length === 0
          ? "Override needs a temporary atom — an earlier behaviour the request first asks for — replaced later by a final atom: add a temporary atom and set its “replaced by” to the final atom(s) that replace it."
          : `Override needs a temporary atom replaced by a final atom: set “replaced by” on ${temporary.map((a) => a.key).join(", ")} to the final atom(s) that replace it.`,
    });
  }
  if (temporary.length === 0) {
    out.push({
      condition: "cancellation",
      message: "Cancellation needs a temporary atom the request first asks for and later withdraws with no replacement: add a temporary atom (for example an extra the request drops).",
    });
    out.push({ condition: "length_matched", message: "length_matched is padded to cancellation's length, so it needs the cancellation history first (add a temporary atom)." });
  }
  return out;
}
